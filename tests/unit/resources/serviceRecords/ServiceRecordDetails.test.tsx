import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import ServiceRecordDetails from "../../../../resources/serviceRecords/ServiceRecordDetails";
import { LOCATION_MARK, renderInRefine, storeSession } from "../../access/refineHarness";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { archiveReply, COMP, ok, sentTo, storedRecord } from "./archiveHarness";

afterEach(() => {
  restoreNetwork();
  vi.restoreAllMocks();
});

const record = storedRecord;

/** The form under the app's data router, with the archive page it goes back to. */
function renderForm(path: string) {
  return renderInRefine(path, <ServiceRecordDetails />, { "/serviceFiles": <div data-testid="archive-mark" /> });
}

describe("the visit record form", () => {
  it("starts with the SPEC defaults and shows the required messages", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    stubNetwork(archiveReply());
    renderForm(`/serviceFilesDetails?compId=${COMP}`);
    expect(await screen.findByText("一般")).toBeInTheDocument();
    expect(screen.getByText("未开通")).toBeInTheDocument();
    fireEvent.change(screen.getByTestId("form-contactPersonPhone"), { target: { value: "12ab" } });
    fireEvent.click(screen.getByTestId("form-save"));
    for (const text of ["请输入合作伙伴", "请输入正确的联系电话"]) expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("loads a record, saves it with its id and the version it was based on, says 'Saved successfully' and goes back", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    const notifier = fakeNotifier();
    const seen = stubNetwork(archiveReply({ "/api/archives/queryById/31": ok({ ...record, version: 3 }) }));
    renderForm(`/serviceFilesDetails?compId=${COMP}&id=31`);
    await waitFor(() => expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("伙伴"));
    expect(screen.getByTestId("service-content-count")).toHaveTextContent("2 / 1000");
    fireEvent.click(screen.getByTestId("form-save"));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith("保存成功"));
    await waitFor(() => expect(screen.getByTestId("archive-mark")).toBeInTheDocument());
    expect(sentTo(seen, "/api/archives/releaseArchives")[0]).toMatchObject({
      id: 31, version: 3, compId: 5, cooperativePartner: "伙伴", serviceTime: "2024-05-01 12:00:00", nextFollowTime: null, attachment: null,
    });
  });

  it("only logs a failed detail load", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    const notifier = fakeNotifier();
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubNetwork(archiveReply({ "/api/archives/queryById/9": { status: 500, data: { code: 500, message: "boom" } } }));
    renderForm(`/serviceFilesDetails?compId=${COMP}&id=9&disable=true`);
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it("asks before leaving with typed content: Stay keeps it, Don't save leaves", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    const seen = stubNetwork(archiveReply());
    renderForm(`/serviceFilesDetails?compId=${COMP}`);
    fireEvent.change(await screen.findByTestId("form-cooperativePartner"), { target: { value: "新伙伴" } });
    fireEvent.click(screen.getByTestId("form-back"));
    expect(await screen.findByText("当前表单有未保存的内容，是否保存？")).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("unsaved-stay"));
    await waitFor(() => expect(screen.queryByTestId("unsaved-stay")).toBeNull());
    expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("新伙伴");
    expect(screen.getByTestId(LOCATION_MARK)).toHaveTextContent(`/serviceFilesDetails?compId=${COMP}`);

    fireEvent.click(screen.getByTestId("form-back"));
    fireEvent.click(await screen.findByTestId("unsaved-discard"));
    expect(await screen.findByTestId("archive-mark")).toBeInTheDocument();
    expect(sentTo(seen, "/api/archives/releaseArchives")).toEqual([]);
  });

  it("asks on closing the window only while something typed is unsaved", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    stubNetwork(archiveReply());
    renderForm(`/serviceFilesDetails?compId=${COMP}`);
    const partner = await screen.findByTestId("form-cooperativePartner");
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(partner, { target: { value: "新伙伴" } });
    await waitFor(() => expect(unload()).toBe(true));
    // Typed and erased again: nothing to lose.
    fireEvent.change(partner, { target: { value: " " } });
    await waitFor(() => expect(unload()).toBe(false));
  });

  it("leaves an untouched form, and one just saved, without asking", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    fakeNotifier();
    stubNetwork(archiveReply({ "/api/archives/queryById/31": ok(record) }));
    const { unmount } = renderForm(`/serviceFilesDetails?compId=${COMP}&id=31`);
    fireEvent.click(await screen.findByTestId("form-back"));
    expect(await screen.findByTestId("archive-mark")).toBeInTheDocument();
    unmount();

    renderForm(`/serviceFilesDetails?compId=${COMP}&id=31`);
    await waitFor(() => expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("伙伴"));
    fireEvent.change(screen.getByTestId("form-cooperativePartner"), { target: { value: "新伙伴" } });
    fireEvent.click(screen.getByTestId("form-save"));
    expect(await screen.findByTestId("archive-mark")).toBeInTheDocument();
    expect(screen.queryByTestId("unsaved-stay")).toBeNull();
  });

  it("returns to the archive of the company the record was saved for", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    fakeNotifier();
    const seen = stubNetwork(
      archiveReply({
        "/api/archives/queryById/31": ok(record),
        "/api/company/search": ok({ records: [{ id: 5, name: "芯片公司", owners: [] }, { id: 7, name: "封测公司", owners: [] }], total: 2 }),
      }),
    );
    renderForm(`/serviceFilesDetails?compId=${COMP}&id=31`);
    await waitFor(() => expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("伙伴"));
    const picker = screen.getByTestId("form-compId");
    // Opened and searched again while the company is not listed: one CI run found the dropdown
    // closed with its options never shown (not reproduced since); a user would click it again.
    const option = await waitFor(() => {
      const listed = screen.queryByText("封测公司");
      if (listed) return listed;
      if (picker.querySelector("input")!.getAttribute("aria-expanded") !== "true") {
        fireEvent.mouseDown(picker.querySelector(".ant-select-selector")!);
        fireEvent.change(picker.querySelector("input")!, { target: { value: "封测" } });
      }
      throw new Error("封测公司 is not listed yet");
    });
    fireEvent.click(option);
    fireEvent.click(screen.getByTestId("form-save"));
    await waitFor(() => expect(screen.getByTestId("archive-mark")).toBeInTheDocument());
    expect(sentTo(seen, "/api/archives/releaseArchives")[0]).toMatchObject({ id: 31, compId: 7 });
    expect(screen.getByTestId(LOCATION_MARK)).toHaveTextContent("/serviceFiles?id=7");
  });
});
