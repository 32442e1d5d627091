import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import ServiceRecordDetails from "../../../../resources/serviceRecords/ServiceRecordDetails";
import { renderInRefine, storeSession } from "../../access/refineHarness";
import { restoreNetwork, stubNetwork } from "../../providers/network";
import { archiveReply, COMP, ok, sentTo, storedRecord } from "./archiveHarness";

afterEach(() => {
  restoreNetwork();
  vi.restoreAllMocks();
});

const record = { ...storedRecord, mainBusiness: "封装\n测试", serviceContent: "<p>走访<strong>纪要</strong></p>", attachment: "a1", attachmentName: "方案.docx", researchers: "李研" };

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
      expect(within(screen.getByTestId("service-record-view")).getByText(label)).toBeInTheDocument();
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

describe("correcting a record from its view (issue 11)", () => {
  const history = ok({
    records: [
      { id: 2, version: 3, field: "comprehensiveEvaluation", before: "excellent", after: "good", editor: "管理员", editedAt: "2024-05-03 10:00:00" },
      { id: 1, version: 2, field: "serviceContent", before: "<p>旧<strong>纪要</strong></p>", after: "<p>走访</p>", editor: "调研员甲", editedAt: "2024-05-02 10:00:00" },
    ],
    total: 2,
    current: 1,
    size: 10,
  });

  it("shows the record's changes field by field, values as people read them", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    stubNetwork(archiveReply({ "/api/archives/queryById/31": ok(record), "/api/archives/recordHistory": history }));
    renderView();
    const table = await screen.findByTestId("record-history");
    await waitFor(() => expect(within(table).getByText("综合评价")).toBeInTheDocument());
    expect(within(table).getByText("优秀")).toBeInTheDocument();
    expect(within(table).getByText("良好")).toBeInTheDocument();
    expect(within(table).getByText("旧纪要")).toBeInTheDocument();
  });

  it("offers Edit and Void to whom the server allows, and Edit opens the form", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    stubNetwork(archiveReply({ "/api/archives/queryById/31": ok(record) }));
    renderView();
    fireEvent.click(await screen.findByTestId("record-edit"));
    await waitFor(() => expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("伙伴"));
  });

  it("offers neither on a record the user may not change, and shows a voided record's reason", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    const voided = { ...record, voided: true, voidedBy: "管理员", voidedAt: "2024-06-01 08:00:00", voidReason: "重复录入", editable: false };
    stubNetwork(archiveReply({ "/api/archives/queryById/31": ok(voided) }));
    // Even the form's address shows the view for it.
    renderView(`/serviceFilesDetails?compId=${COMP}&id=31`);
    expect(await screen.findByTestId("record-voided")).toHaveTextContent("作废原因：重复录入");
    expect(screen.getByTestId("record-voided")).toHaveTextContent("此记录已于 2024-06-01 08:00:00 由 管理员 作废");
    expect(screen.queryByTestId("record-edit")).toBeNull();
    expect(screen.queryByTestId("record-void")).toBeNull();
    expect(screen.queryByTestId("form-researchers")).toBeNull();
  });

  it("voids with a reason, based on the version shown", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    const seen = stubNetwork(archiveReply({ "/api/archives/queryById/31": ok({ ...record, version: 4 }), "/api/archives/voidRecord": ok(null) }));
    renderView();
    fireEvent.click(await screen.findByTestId("record-void"));
    fireEvent.click(await screen.findByTestId("record-void-submit"));
    expect(await screen.findByText("请填写作废原因")).toBeInTheDocument();
    fireEvent.change(screen.getByTestId("record-void-reason"), { target: { value: "  重复录入 " } });
    fireEvent.click(screen.getByTestId("record-void-submit"));
    await waitFor(() => expect(sentTo(seen, "/api/archives/voidRecord")).toEqual([{ id: 31, version: 4, reason: "重复录入" }]));
  });
});
