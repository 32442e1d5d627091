import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import ServiceRecordDetails from "../../../../resources/serviceRecords/ServiceRecordDetails";
import { renderInRefine, storeSession } from "../../access/refineHarness";
import { restoreNetwork, stubNetwork } from "../../providers/network";
import { archiveReply, COMP, ok } from "./archiveHarness";

afterEach(() => {
  restoreNetwork();
  vi.restoreAllMocks();
});

const record = {
  id: 31, compId: 5, companyName: "芯片公司", researchers: "李研", contactPerson: "张三", contactPersonPhone: "13800000000",
  contactPersonPosition: null, cooperativePartner: "伙伴", belongCustomer: "客户", businessOpportunity: "商机",
  comprehensiveEvaluation: "good", isOpenPatnavi: "opened", mainBusiness: "封装\n测试", serviceContent: "<p>走访<strong>纪要</strong></p>",
  serviceTime: "2024-05-01 12:00:00", nextFollowTime: null, attachment: "a1", attachmentName: "方案.docx",
  createBy: "调研员甲", createDate: "2024-04-30 09:15:00", updateBy: "管理员", updateDate: "2024-05-02 18:20:05",
};

const shown = (key: string) => screen.getByTestId(`view-${key}`);

function renderView(path = `/serviceFilesDetails?compId=${COMP}&id=31&disable=true`) {
  return renderInRefine(path, <ServiceRecordDetails />, { "/serviceFiles": <div data-testid="archive-mark" /> });
}

describe("the visit record view (disable=true)", () => {
  it("shows every field as text, with who wrote and last changed it and when", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    stubNetwork(archiveReply({ "/api/archives/queryById/31": ok(record) }));
    renderView();
    await waitFor(() => expect(shown("compId")).toHaveTextContent("芯片公司"));
    expect(shown("researchers")).toHaveTextContent("李研");
    expect(shown("contactPersonPhone")).toHaveTextContent("13800000000");
    expect(shown("contactPersonPosition")).toHaveTextContent("--");
    expect(shown("comprehensiveEvaluation")).toHaveTextContent("良好");
    expect(shown("isOpenPatnavi")).toHaveTextContent("已开通");
    expect(shown("mainBusiness").textContent).toBe("封装\n测试");
    expect(within(shown("serviceContent")).getByText("纪要").tagName).toBe("STRONG");
    expect(shown("serviceTime")).toHaveTextContent("2024-05-01 12:00:00");
    expect(shown("nextFollowTime")).toHaveTextContent("--");
    for (const [label, key, value] of [
      ["创建人", "createBy", "调研员甲"],
      ["创建时间", "createDate", "2024-04-30 09:15:00"],
      ["修改人", "updateBy", "管理员"],
      ["修改时间", "updateDate", "2024-05-02 18:20:05"],
    ]) {
      expect(screen.getByText(label)).toBeInTheDocument();
      expect(shown(key)).toHaveTextContent(value);
    }
  });

  it("has no inputs, no required marks, no counters and no Save", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    stubNetwork(archiveReply({ "/api/archives/queryById/31": ok(record) }));
    const { container } = renderView();
    await waitFor(() => expect(shown("researchers")).toHaveTextContent("李研"));
    expect(container.querySelectorAll("input, textarea, select, [contenteditable='true']")).toHaveLength(0);
    expect(container.querySelector(".ant-form-item-required")).toBeNull();
    expect(container.textContent).not.toContain("/ 1000");
    expect(screen.queryByTestId("form-save")).toBeNull();
  });

  it("downloads the attachment with the reader's token under its own name", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    Object.assign(URL, { createObjectURL: vi.fn(() => "blob:file"), revokeObjectURL: vi.fn() });
    const saved: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this);
    });
    const seen = stubNetwork((config) =>
      config.url === "/api/open/download/a1" ? { data: new Blob(["x"]), headers: {} } : archiveReply({ "/api/archives/queryById/31": ok(record) })(config),
    );
    renderView();
    fireEvent.click(await screen.findByRole("button", { name: "方案.docx" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].download).toBe("方案.docx");
    expect(seen.find((config) => config.url === "/api/open/download/a1")).toMatchObject({ method: "get", responseType: "blob" });
  });

  it("is the view, not the form, for a reader without the right to edit", async () => {
    storeSession([MenuCode.SERVICE_FILES]);
    stubNetwork(archiveReply({ "/api/archives/queryById/31": ok(record) }));
    renderView(`/serviceFilesDetails?compId=${COMP}&id=31`);
    await waitFor(() => expect(shown("updateBy")).toHaveTextContent("管理员"));
    expect(screen.queryByTestId("form-researchers")).toBeNull();
  });

  it("goes back to the archive", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    stubNetwork(archiveReply({ "/api/archives/queryById/31": ok(record) }));
    renderView();
    fireEvent.click(await screen.findByTestId("record-back"));
    expect(await screen.findByTestId("archive-mark")).toBeInTheDocument();
  });
});
