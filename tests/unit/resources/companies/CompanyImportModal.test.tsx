import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { setToaster } from "../../../../providers/notificationProvider";
import { storeSession } from "../../access/refineHarness";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { companyReply, IMPORT, ok, renderFinder, SEARCH } from "./companyHarness";

const TEMPLATE = "/api/company/import/template";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

let toasts: ReturnType<typeof fakeNotifier>;

beforeEach(() => {
  toasts = fakeNotifier();
  storeSession([MenuCode.SERVICE_FILES, MenuCode.ADMIN_COMPANIES]);
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
  vi.restoreAllMocks();
});

const typist = () => userEvent.setup({ delay: null });
const sheet = () => new File(["企业名称,统一社会信用代码\n"], "企业.csv", { type: "text/csv" });

async function pickAndImport(user: ReturnType<typeof typist>) {
  await user.click(await screen.findByTestId("company-import"));
  const input = screen.getByRole("dialog").querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, sheet());
  await user.click(screen.getByTestId("company-import-submit"));
}

describe("importing companies", () => {
  it("names the expected header columns", async () => {
    stubNetwork(companyReply());
    const user = typist();
    renderFinder();
    await user.click(await screen.findByTestId("company-import"));
    expect(screen.getByTestId("company-import-header")).toHaveTextContent("企业名称统一社会信用代码所在区域产业链环节地址联系人联系电话");
    expect(screen.getByTestId("company-import-submit")).toBeDisabled();
  });

  it("closes with 取消 without sending, and opens again with no file", async () => {
    const seen = stubNetwork(companyReply());
    const user = typist();
    renderFinder();
    await user.click(await screen.findByTestId("company-import"));
    const input = screen.getByRole("dialog").querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, sheet());
    expect(screen.getByTestId("company-import-submit")).toBeEnabled();
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: /^取\s?消$/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(seen.filter((c) => c.url === IMPORT)).toHaveLength(0);

    await user.click(screen.getByTestId("company-import"));
    expect(screen.getByTestId("company-import-submit")).toBeDisabled();
  });

  it("sends the file as the multipart field `file`, says how many were imported and lists again", async () => {
    const seen = stubNetwork(companyReply({ [IMPORT]: ok({ imported: 3 }, 1) }));
    const user = typist();
    renderFinder();
    await screen.findByTestId("company-open-5");
    const searches = seen.filter((c) => c.url === SEARCH).length;
    await pickAndImport(user);

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith("已导入 3 家企业"));
    const sent = seen.find((c) => c.url === IMPORT)!.data as FormData;
    expect((sent.get("file") as File).name).toBe("企业.csv");
    await waitFor(() => expect(seen.filter((c) => c.url === SEARCH).length).toBeGreaterThan(searches));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("lists every refused row with its line and reason, and stays open", async () => {
    const errors = [
      { line: 3, reason: "请输入企业名称" },
      { line: 5, reason: "企业名称与第 2 行重复" },
    ];
    stubNetwork(companyReply({ [IMPORT]: { status: 400, data: { code: 400, message: "导入失败：2 行有误", result: { errors } } } }));
    const user = typist();
    renderFinder();
    await pickAndImport(user);

    const shown = await screen.findByTestId("company-import-errors");
    expect(shown).toHaveTextContent("导入失败：2 行有误");
    expect(within(shown).getByTestId("company-import-error-3")).toHaveTextContent("第 3 行：请输入企业名称");
    expect(within(shown).getByTestId("company-import-error-5")).toHaveTextContent("第 5 行：企业名称与第 2 行重复");
    expect(toasts.success).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("shows a refusal without rows, such as a wrong header", async () => {
    stubNetwork(companyReply({ [IMPORT]: { status: 400, data: { code: 400, message: "表头须为：企业名称、统一社会信用代码" } } }));
    const user = typist();
    renderFinder();
    await pickAndImport(user);
    expect(await screen.findByTestId("company-import-errors")).toHaveTextContent("表头须为：企业名称、统一社会信用代码");
  });

  it("downloads the template with the token in a header, under the server's file name", async () => {
    const seen = stubNetwork(
      companyReply({
        [TEMPLATE]: {
          data: new Blob(["xlsx"], { type: XLSX }),
          headers: { "content-type": XLSX, "content-disposition": "attachment; filename=\"template.xlsx\"; filename*=UTF-8''%E4%BC%81%E4%B8%9A%E5%AF%BC%E5%85%A5%E6%A8%A1%E6%9D%BF.xlsx" },
        },
      }),
    );
    const createObjectURL = vi.fn(() => "blob:template");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = typist();
    renderFinder();
    await user.click(await screen.findByTestId("company-import"));
    await user.click(screen.getByTestId("company-import-template"));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const call = seen.find((c) => c.url === TEMPLATE)!;
    expect(call.method).toBe("get");
    expect(call.responseType).toBe("blob");
    expect(call.params).toBeUndefined();
    expect(call.headers.get("Authorization")).toContain("at-1");
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(clicked[0].download).toBe("企业导入模板.xlsx");
    expect(clicked[0].href).toBe("blob:template");
    expect(toasts.warning).not.toHaveBeenCalled();
    // The dialog stays open for the file to be picked next.
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("warns when the template cannot be downloaded", async () => {
    stubNetwork(companyReply({ [TEMPLATE]: { status: 500, data: new Blob(["{}"], { type: "application/json" }) } }));
    const user = typist();
    renderFinder();
    await user.click(await screen.findByTestId("company-import"));
    await user.click(screen.getByTestId("company-import-template"));
    await waitFor(() => expect(toasts.warning).toHaveBeenCalledWith("模板下载失败，请稍后再试"));
    expect(toasts.error).not.toHaveBeenCalled();
  });
});
