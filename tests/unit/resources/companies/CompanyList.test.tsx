import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { setToaster } from "../../../../providers/notificationProvider";
import { LOCATION_MARK, storeSession } from "../../access/refineHarness";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { ARCHIVE_MARK, companyReply, ok, OWNERS, renderFinder, SEARCH, sentTo } from "./companyHarness";

afterEach(() => {
  restoreNetwork();
  setToaster(null);
});

const typist = () => userEvent.setup({ delay: null });

describe("the company finder (/serviceFiles without an id)", () => {
  it("lists the searched companies with their segment in words and '--' for what is missing", async () => {
    storeSession([MenuCode.SERVICE_FILES]);
    const seen = stubNetwork(companyReply());
    renderFinder();
    const table = await screen.findByTestId("company-table");
    await within(table).findByText("蓉芯微电子设计（示例）有限公司");
    const [first, second] = within(table).getAllByRole("row").slice(1);
    expect(first).toHaveTextContent("1蓉芯微电子设计（示例）有限公司91510107REPLNNJ2EB成都高新区设计王芳查看档案");
    expect(second).toHaveTextContent("2芯蓉封装测试（示例）有限公司--------查看档案");
    expect(sentTo(seen, SEARCH)[0]).toEqual({ current: 1, size: 10 });
    expect(screen.getByText("企业档案", { selector: "h1" })).toBeInTheDocument();
    expect(screen.getByText("数据智能")).toBeInTheDocument();
  });

  it("opens a company's archive at /serviceFiles?id=<id>", async () => {
    storeSession([MenuCode.SERVICE_FILES]);
    stubNetwork(companyReply());
    const user = typist();
    renderFinder();
    await user.click(await screen.findByTestId("company-open-5"));
    expect(await screen.findByTestId(ARCHIVE_MARK)).toHaveTextContent("5");
    expect(screen.getByTestId(LOCATION_MARK)).toHaveTextContent(/^\/serviceFiles\?id=5$/);
  });

  it("sends the typed keywords at the body's root and keeps them in the URL, never an id", async () => {
    storeSession([MenuCode.SERVICE_FILES]);
    const seen = stubNetwork(companyReply());
    const user = typist();
    renderFinder();
    await screen.findByText("蓉芯微电子设计（示例）有限公司");
    await user.type(screen.getByTestId("company-keywords"), " 蓉芯 ");
    await user.click(screen.getByTestId("company-search"));
    await waitFor(() => expect(sentTo(seen, SEARCH).at(-1)).toEqual({ keywords: "蓉芯", current: 1, size: 10 }));
    const location = screen.getByTestId(LOCATION_MARK);
    await waitFor(() => expect(location).toHaveTextContent("[value]=蓉芯"));
    expect(location.textContent).not.toMatch(/[?&]id=/);
  });

  it("takes its keywords from the URL", async () => {
    storeSession([MenuCode.SERVICE_FILES]);
    const seen = stubNetwork(companyReply());
    renderFinder("?filters[0][field]=keywords&filters[0][operator]=contains&filters[0][value]=封装");
    await waitFor(() => expect(sentTo(seen, SEARCH)[0]).toMatchObject({ keywords: "封装" }));
    expect(await screen.findByTestId("company-keywords")).toHaveValue("封装");
  });

  it("offers page sizes the search answers: 10, 50 and 100", async () => {
    storeSession([MenuCode.SERVICE_FILES]);
    stubNetwork(companyReply());
    const user = typist();
    renderFinder();
    const table = await screen.findByTestId("company-table");
    await within(table).findByText("共 2 条");
    // A busy machine can still be fetching a second time; the spinner's mask takes the click then.
    await waitFor(() => expect(table.querySelector(".ant-spin-spinning")).toBeNull());
    await user.click(table.querySelector(".ant-pagination-options .ant-select-selector")!);
    await waitFor(() => {
      const sizes = [...document.querySelectorAll(".ant-select-item-option")].map((o) => Number.parseInt(o.textContent ?? "", 10));
      expect(sizes).toEqual([10, 50, 100]);
    });
  });

  it("hides add, edit and import from those without admin:companies", async () => {
    storeSession([MenuCode.SERVICE_FILES]);
    stubNetwork(companyReply());
    renderFinder();
    await screen.findByTestId("company-open-5");
    expect(screen.queryByTestId("company-add")).toBeNull();
    expect(screen.queryByTestId("company-import")).toBeNull();
    expect(screen.queryByTestId("company-edit-5")).toBeNull();
  });

  it("shows add, edit and import to those with admin:companies", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.ADMIN_COMPANIES]);
    stubNetwork(companyReply());
    renderFinder();
    await screen.findByTestId("company-open-5");
    expect(screen.getByTestId("company-add")).toHaveTextContent("新增企业");
    // antd spaces out a two-character Chinese button label.
    expect(screen.getByTestId("company-import")).toHaveTextContent(/^导\s?入$/);
    expect(screen.getByTestId("company-edit-5")).toHaveTextContent("编辑");
  });

  it("sets the owners of the ticked companies at once, one call each, and says how many", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.ADMIN_COMPANIES]);
    const toasts = fakeNotifier();
    const seen = stubNetwork(companyReply({ [OWNERS]: ok([{ id: 22, name: "李强" }], 1) }));
    const user = typist();
    renderFinder();
    await screen.findByTestId("company-open-5");
    expect(screen.getByTestId("company-set-owners")).toBeDisabled();
    await user.click(screen.getByTitle("蓉芯微电子设计（示例）有限公司"));
    await user.click(screen.getByTitle("芯蓉封装测试（示例）有限公司"));
    await user.click(screen.getByTestId("company-set-owners"));
    expect(await screen.findByText(/已选 2 家企业/)).toBeInTheDocument();
    await user.click(screen.getByTestId("company-owners-select").querySelector(".ant-select-selector")!);
    await user.click(await screen.findByTitle("李强"));
    await user.click(screen.getByTestId("company-owners-save"));
    await waitFor(() => expect(sentTo(seen, OWNERS)).toEqual([{ compId: 5, ownerIds: [22] }, { compId: 6, ownerIds: [22] }]));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith("已设置 2 家企业的负责人"));
  });

  it("shows the no-permission state, not a toast, when the server refuses the search", async () => {
    storeSession([]);
    const toasts = fakeNotifier();
    stubNetwork(() => ({ status: 403, data: { code: 403, message: "没有权限执行此操作" } }));
    renderFinder();
    expect(await screen.findByTestId("no-permission")).toBeInTheDocument();
    expect(screen.queryByTestId("company-table")).toBeNull();
    expect(toasts.error).not.toHaveBeenCalled();
  });
});
