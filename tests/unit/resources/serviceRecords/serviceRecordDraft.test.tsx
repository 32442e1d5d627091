import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { storage } from "../../../../providers/storage";
import { DraftKeyPrefix, StorageKey } from "../../../../providers/storageKeys";
import ServiceRecordDetails from "../../../../resources/serviceRecords/ServiceRecordDetails";
import { DRAFT_MAX_BYTES, draftKey, readDraft, writeDraft } from "../../../../resources/serviceRecords/useDraft";
import { renderInRefine, storeSession } from "../../access/refineHarness";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { archiveReply, COMP, ok, sentTo, storedRecord } from "./archiveHarness";

const EDIT = [MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT];

afterEach(() => {
  restoreNetwork();
  vi.restoreAllMocks();
});

const record = storedRecord;

/** The signed-in user becomes another one (a sign-in in the same browser). */
const signInAs = (id: number) => storage.set(StorageKey.USER_INFO, { id, name: `用户${id}`, avatar: null });

const recordDraftKey = (userId: number, recordId: number | "new") => draftKey(DraftKeyPrefix.VISIT_RECORD, userId, COMP, recordId)!;

const renderRecord = (path: string) =>
  renderInRefine(path, <ServiceRecordDetails />, { "/serviceFiles": <div data-testid="archive-mark" /> });

const unloadAsks = () => {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe("the visit form's draft", () => {
  it("is saved as the user types, offered after a reload, and restored into the fields", async () => {
    storeSession(EDIT);
    stubNetwork(archiveReply({ "/api/archives/queryById/31": ok(record) }));
    const first = renderRecord(`/serviceFilesDetails?compId=${COMP}&id=31`);
    await waitFor(() => expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("伙伴"));
    expect(screen.queryByTestId("draft-notice")).toBeNull();
    fireEvent.change(screen.getByTestId("form-cooperativePartner"), { target: { value: "新伙伴" } });
    fireEvent.change(screen.getByTestId("form-mainBusiness"), { target: { value: "功率器件\n封装测试" } });
    // Written a moment after the typing stops, before any reload.
    await waitFor(() => expect(readDraft(recordDraftKey(1, 31))?.values).toMatchObject({ cooperativePartner: "新伙伴", mainBusiness: "功率器件\n封装测试" }));
    expect(readDraft<{ serviceTime: unknown }>(recordDraftKey(1, 31))?.values.serviceTime).toBe("2024-05-01 12:00:00");
    first.unmount();

    renderRecord(`/serviceFilesDetails?compId=${COMP}&id=31`);
    expect(await screen.findByTestId("draft-notice")).toHaveTextContent("未提交草稿");
    // Offered, not imposed: the form shows the record until the user chooses.
    expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("伙伴");
    fireEvent.click(screen.getByTestId("draft-restore"));
    await waitFor(() => expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("新伙伴"));
    expect(screen.getByTestId("form-mainBusiness")).toHaveValue("功率器件\n封装测试");
    expect(screen.queryByTestId("draft-notice")).toBeNull();
    // Restored content is unsaved content: leaving asks.
    await waitFor(() => expect(unloadAsks()).toBe(true));
  });

  it("is written at once when the page goes away before the delay is over", async () => {
    storeSession(EDIT);
    stubNetwork(archiveReply());
    const view = renderRecord(`/serviceFilesDetails?compId=${COMP}`);
    fireEvent.change(await screen.findByTestId("form-cooperativePartner"), { target: { value: "刚输入的" } });
    view.unmount();
    expect(readDraft(recordDraftKey(1, "new"))?.values).toMatchObject({ cooperativePartner: "刚输入的", compId: 5 });
  });

  it("is removed by 丢弃, and the form keeps what it loaded", async () => {
    storeSession(EDIT);
    stubNetwork(archiveReply({ "/api/archives/queryById/31": ok(record) }));
    writeDraft(recordDraftKey(1, 31), { ...record, cooperativePartner: "草稿伙伴", serviceTime: "2024-05-01 12:00:00" });
    renderRecord(`/serviceFilesDetails?compId=${COMP}&id=31`);
    fireEvent.click(await screen.findByTestId("draft-discard"));
    await waitFor(() => expect(screen.queryByTestId("draft-notice")).toBeNull());
    expect(readDraft(recordDraftKey(1, 31))).toBeNull();
    expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("伙伴");
    expect(unloadAsks()).toBe(false);
  });

  it("is cleared once the record is saved", async () => {
    storeSession(EDIT);
    fakeNotifier();
    const seen = stubNetwork(archiveReply({ "/api/archives/queryById/31": ok(record) }));
    writeDraft(recordDraftKey(1, 31), { ...record, cooperativePartner: "草稿伙伴", serviceTime: "2024-05-01 12:00:00", attachment: [] });
    renderRecord(`/serviceFilesDetails?compId=${COMP}&id=31`);
    fireEvent.click(await screen.findByTestId("draft-restore"));
    await waitFor(() => expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("草稿伙伴"));
    fireEvent.click(screen.getByTestId("form-save"));
    expect(await screen.findByTestId("archive-mark")).toBeInTheDocument();
    expect(sentTo(seen, "/api/archives/releaseArchives")[0]).toMatchObject({ id: 31, cooperativePartner: "草稿伙伴", serviceTime: "2024-05-01 12:00:00" });
    expect(readDraft(recordDraftKey(1, 31))).toBeNull();
  });

  it("is not offered when it holds what the form shows, and is then removed", async () => {
    storeSession(EDIT);
    stubNetwork(archiveReply({ "/api/archives/queryById/31": ok(record) }));
    writeDraft(recordDraftKey(1, 31), { ...record, serviceTime: "2024-05-01 12:00:00", attachment: [] });
    renderRecord(`/serviceFilesDetails?compId=${COMP}&id=31`);
    await waitFor(() => expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("伙伴"));
    await waitFor(() => expect(readDraft(recordDraftKey(1, 31))).toBeNull());
    expect(screen.queryByTestId("draft-notice")).toBeNull();
  });

  it("is not offered to another user of the browser, and is kept for its own", async () => {
    storeSession(EDIT);
    stubNetwork(archiveReply());
    const first = renderRecord(`/serviceFilesDetails?compId=${COMP}`);
    fireEvent.change(await screen.findByTestId("form-cooperativePartner"), { target: { value: "用户1的草稿" } });
    await waitFor(() => expect(readDraft(recordDraftKey(1, "new"))).not.toBeNull());
    first.unmount();

    signInAs(2);
    const second = renderRecord(`/serviceFilesDetails?compId=${COMP}`);
    await screen.findByTestId("form-cooperativePartner");
    expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("");
    expect(screen.queryByTestId("draft-notice")).toBeNull();
    second.unmount();
    expect(readDraft(recordDraftKey(2, "new"))).toBeNull();

    // The first user, back after the session expired, finds it.
    signInAs(1);
    renderRecord(`/serviceFilesDetails?compId=${COMP}`);
    fireEvent.click(await screen.findByTestId("draft-restore"));
    await waitFor(() => expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("用户1的草稿"));
  });

  it("is removed by Don't save when leaving", async () => {
    storeSession(EDIT);
    stubNetwork(archiveReply());
    renderRecord(`/serviceFilesDetails?compId=${COMP}`);
    fireEvent.change(await screen.findByTestId("form-cooperativePartner"), { target: { value: "不要了" } });
    await waitFor(() => expect(readDraft(recordDraftKey(1, "new"))).not.toBeNull());
    fireEvent.click(screen.getByTestId("form-back"));
    fireEvent.click(await screen.findByTestId("unsaved-discard"));
    expect(await screen.findByTestId("archive-mark")).toBeInTheDocument();
    expect(readDraft(recordDraftKey(1, "new"))).toBeNull();
  });
});

describe("draft storage", () => {
  it("skips a draft over the size bound and keeps the previous one", () => {
    const key = recordDraftKey(1, "new");
    expect(writeDraft(key, { serviceContent: "<p>短</p>" })).toBe(true);
    expect(writeDraft(key, { serviceContent: `<p>${"长".repeat(DRAFT_MAX_BYTES / 2)}</p>` })).toBe(false);
    expect(readDraft(key)?.values).toEqual({ serviceContent: "<p>短</p>" });
  });

  it("ignores a full storage", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    expect(writeDraft(recordDraftKey(1, "new"), { researchers: "王" })).toBe(false);
  });

  it("has no key without a signed-in user", () => {
    expect(draftKey(DraftKeyPrefix.VISIT_RECORD, null, COMP, "new")).toBeNull();
    expect(draftKey(DraftKeyPrefix.VISIT_RECORD, "", COMP, "new")).toBeNull();
  });
});
