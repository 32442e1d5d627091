import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { filtersFromValues } from "../../../../resources/serviceRecords/serviceRecordFilters";
import ServiceFilesPage from "../../../../resources/serviceRecords/ServiceFilesPage";
import { modelFromFilters } from "../../../../providers/listRequest";
import { renderInRefine, storeSession } from "../../access/refineHarness";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { archiveReply, COMP, ok, sentTo } from "./archiveHarness";
import dayjs from "dayjs";

const ALL = [MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT, MenuCode.SERVICE_FILES_EXPORT];

afterEach(() => {
  restoreNetwork();
  vi.restoreAllMocks();
});

describe("the service record tab", () => {
  it("lists the company's records with the SPEC columns, '--' for no service time", async () => {
    storeSession(ALL);
    const seen = stubNetwork(archiveReply());
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    const table = await screen.findByTestId("record-table");
    await within(table).findByText("张三");
    const [first, second] = within(table).getAllByRole("row").slice(1);
    expect(first).toHaveTextContent("1李研张三13800000000优秀2024-05-01 12:00:00查看");
    expect(second).toHaveTextContent("2王研李四028-1234567一般--查看");
    expect(sentTo(seen, "/api/archives/queryArchivesPage")[0]).toEqual({ current: 1, size: 10, model: { compId: Number(COMP) } });
    expect(screen.getByText("共 2 条")).toBeInTheDocument();
    expect(screen.getByTestId("archive-tab-IP")).toHaveTextContent("*知识产权");
    expect(screen.getByTestId("export-all")).toBeInTheDocument();
  });

  it("names the company above the tabs, and without an id is the company finder", async () => {
    storeSession(ALL);
    stubNetwork(archiveReply());
    const { unmount } = renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    expect(await screen.findByTestId("archive-company")).toHaveTextContent("芯片公司");
    unmount();

    renderInRefine("/serviceFiles", <ServiceFilesPage />);
    const finder = await screen.findByTestId("company-table");
    expect(await within(finder).findByText("芯片公司")).toBeInTheDocument();
    expect(screen.queryByTestId("archive-tab-record")).toBeNull();
  });

  it("sends the searched filters in the model", async () => {
    storeSession(ALL);
    const seen = stubNetwork(archiveReply());
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await screen.findByText("张三");
    fireEvent.change(screen.getByTestId("record-filter-researchers"), { target: { value: "李研" } });
    fireEvent.change(screen.getByTestId("record-filter-contact"), { target: { value: "张" } });
    fireEvent.click(screen.getByTestId("record-search"));
    await waitFor(() =>
      expect(sentTo(seen, "/api/archives/queryArchivesPage").at(-1)).toEqual({
        current: 1,
        size: 10,
        model: { compId: Number(COMP), researchers: "李研", contactPerson: "张" },
      }),
    );
  });

  it("turns a picked date range into serviceTimeBegin 00:00:00 and serviceTimeEnd", () => {
    const model = modelFromFilters(
      filtersFromValues({ dateRange: [dayjs("2024-05-01"), dayjs("2024-05-31")], comprehensiveEvaluation: "good" }),
    );
    expect(model).toEqual({ comprehensiveEvaluation: "good", serviceTimeBegin: "2024-05-01 00:00:00", serviceTimeEnd: "2024-05-31" });
  });

  it("shows 'No data' when there are no records and hides Add and Export without the codes", async () => {
    storeSession([MenuCode.SERVICE_FILES]);
    stubNetwork(archiveReply({ "/api/archives/queryArchivesPage": ok({ records: [], total: 0, current: 1, size: 10 }) }));
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    expect(await screen.findByText("暂无数据")).toBeInTheDocument();
    expect(screen.queryByTestId("record-add")).toBeNull();
    expect(screen.queryByTestId("export-all")).toBeNull();
  });
});

describe("export all", () => {
  it("warns 'Export failed' when the download fails", async () => {
    storeSession(ALL);
    const notifier = fakeNotifier();
    stubNetwork(archiveReply({ "/api/archives/queryReport": { status: 500, data: { code: 500, message: "boom" } } }));
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    fireEvent.click(await screen.findByTestId("export-all"));
    await waitFor(() => expect(notifier.warning).toHaveBeenCalledWith("导出失败"));
  });

  it("shows the download's progress and saves the file under the server's name", async () => {
    storeSession(ALL);
    const notifier = fakeNotifier();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    let progress: ((event: { loaded: number; total: number }) => void) | undefined;
    let finish: (() => void) | undefined;
    stubNetwork(archiveReply());
    const { http } = await import("../../../../providers/http");
    http.defaults.adapter = (config) =>
      new Promise((resolve) => {
        if (config.url !== "/api/archives/queryReport") return resolve({ data: { code: 200, message: "ok", result: [] }, status: 200, statusText: "200", headers: {}, config });
        progress = config.onDownloadProgress as typeof progress;
        finish = () =>
          resolve({
            data: new Blob(["docx"]),
            status: 200,
            statusText: "200",
            headers: { "content-type": "application/octet-stream", "content-disposition": "attachment; filename*=UTF-8''%E6%A1%A3%E6%A1%88.docx" },
            config,
          });
      });
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    fireEvent.click(await screen.findByTestId("export-all"));
    await waitFor(() => expect(progress).toBeDefined());
    act(() => progress?.({ loaded: 50, total: 100 }));
    expect(await screen.findByTestId("export-progress")).toHaveTextContent("50%");
    act(() => finish?.());
    await waitFor(() => expect(click).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId("export-progress")).toBeNull());
    expect(notifier.warning).not.toHaveBeenCalled();
  });
});
