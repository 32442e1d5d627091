import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import dayjs from "dayjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { researcherPicks, researchersPayload } from "../../../../resources/serviceRecords/researchers";
import { valuesFromFilters as recordValuesFromFilters } from "../../../../resources/serviceRecords/serviceRecordFilters";
import VisitList from "../../../../resources/visits/VisitList";
import { filtersFromValues, valuesFromFilters } from "../../../../resources/visits/visitFilters";
import { LOCATION_MARK, renderInRefine, storeSession } from "../../access/refineHarness";
import { fakeNotifier, restoreNetwork, stubNetwork, type Answer } from "../../providers/network";

const rows = [
  {
    id: 31,
    compId: 7,
    companyName: "甲芯片设计",
    segment: "design",
    researchers: "王调研、外援甲",
    contactPerson: "王经理",
    contactPersonPhone: "13800138000",
    comprehensiveEvaluation: "excellent",
    serviceTime: "2026-02-10 09:30:00",
  },
  {
    id: 32,
    compId: 8,
    companyName: "乙晶圆制造",
    segment: null,
    researchers: null,
    contactPerson: null,
    contactPersonPhone: null,
    comprehensiveEvaluation: "average",
    serviceTime: "2026-01-05 10:00:00",
  },
];

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function reply(config: InternalAxiosRequestConfig): Answer {
  if (config.url === "/api/archives/visits/listData") return { data: { code: 200, message: "ok", result: { records: rows, total: 2, current: 1, size: 10 } } };
  if (config.url === "/api/archives/researcherCandidates") return { data: { code: 200, message: "ok", result: [{ id: 5, name: "王调研" }, { id: 6, name: "李调研" }] } };
  if (config.url === "/api/company/search") return { data: { code: 200, message: "ok", result: { records: [], total: 0, current: 1, size: 20 } } };
  if (config.url === "/api/archives/visits/export") {
    return { data: new Blob(["xlsx"], { type: XLSX }), headers: { "content-type": XLSX, "content-disposition": "attachment; filename*=UTF-8''%E8%B5%B0%E8%AE%BF%E8%AE%B0%E5%BD%95-20260301.xlsx" } };
  }
  return { status: 404, data: { code: 404, message: "not found" } };
}

const listBodies = (seen: InternalAxiosRequestConfig[]) =>
  seen.filter((c) => c.url === "/api/archives/visits/listData").map((c) => JSON.parse(c.data as string) as { current: number; size: number; model: unknown; orders?: unknown });

afterEach(() => {
  restoreNetwork();
  vi.restoreAllMocks();
});

describe("the visit list (/visits)", () => {
  it("shows every visit with its company, segment and evaluation as text, newest first as the server sends", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_VISITS]);
    const seen = stubNetwork(reply);
    renderInRefine("/visits", <VisitList />);
    const table = await screen.findByTestId("visit-table");
    await within(table).findByText("甲芯片设计");
    for (const header of ["序号", "企业名称", "产业链环节", "调研人员", "联系人", "联系电话", "综合评价", "服务时间", "操作"]) {
      expect(within(table).getAllByText(header).length).toBeGreaterThan(0);
    }
    const [first, second] = within(table).getAllByRole("row").slice(1);
    expect(first).toHaveTextContent("1甲芯片设计设计王调研、外援甲王经理13800138000优秀2026-02-10 09:30:00查看");
    expect(second).toHaveTextContent("2乙晶圆制造--------一般2026-01-05 10:00:00");
    expect(listBodies(seen)[0]).toEqual({ current: 1, size: 10, model: {} });
  });

  it("restores the filters, sort and page from the address and sends ids as numbers", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_VISITS]);
    const seen = stubNetwork(reply);
    const query = [
      "currentPage=2&pageSize=50",
      "sorters[0][field]=companyName&sorters[0][order]=asc",
      "filters[0][field]=researcherId&filters[0][operator]=eq&filters[0][value]=5",
      "filters[1][field]=segment&filters[1][operator]=eq&filters[1][value]=design",
      "filters[2][field]=serviceTime&filters[2][operator]=between&filters[2][value][0]=2026-01-01&filters[2][value][1]=2026-02-28",
      "filters[3][field]=comprehensiveEvaluation&filters[3][operator]=eq&filters[3][value]=excellent",
    ].join("&");
    renderInRefine(`/visits?${query}`, <VisitList />);
    await screen.findByText("甲芯片设计");
    expect(listBodies(seen)[0]).toEqual({
      current: 2,
      size: 50,
      model: { researcherId: 5, segment: "design", serviceTimeBegin: "2026-01-01", serviceTimeEnd: "2026-02-28", comprehensiveEvaluation: "excellent" },
      orders: [{ column: "companyName", asc: true }],
    });
    const range = screen.getAllByTestId("visit-filter-date").map((input) => (input as HTMLInputElement).value);
    expect(range).toEqual(["2026-01-01", "2026-02-28"]);
    await waitFor(() => expect(within(screen.getByTestId("visit-filter-researcher").closest(".ant-select")!).getByText("王调研")).toBeInTheDocument());
  });

  it("puts a search in the request and in the address, and Reset drops every filter", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_VISITS]);
    const seen = stubNetwork(reply);
    renderInRefine("/visits?filters[0][field]=segment&filters[0][operator]=eq&filters[0][value]=materials", <VisitList />);
    await screen.findByText("甲芯片设计");
    fireEvent.click(screen.getByTestId("visit-filter-submit"));
    await waitFor(() => expect(listBodies(seen).at(-1)?.model).toEqual({ segment: "materials" }));
    await waitFor(() => expect(screen.getByTestId(LOCATION_MARK).textContent).toContain("[value]=materials"));
    fireEvent.click(screen.getByTestId("visit-filter-reset"));
    await waitFor(() => expect(listBodies(seen).at(-1)?.model).toEqual({}));
    await waitFor(() => expect(screen.getByTestId(LOCATION_MARK).textContent).not.toContain("materials"));
  });

  it("exports what the filters select in the list's order, or says why not", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_VISITS]);
    const seen = stubNetwork(reply);
    const createObjectURL = vi.fn(() => "blob:visits");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderInRefine("/visits?sorters[0][field]=serviceTime&sorters[0][order]=asc&filters[0][field]=compId&filters[0][operator]=eq&filters[0][value]=7", <VisitList />);
    await screen.findByText("甲芯片设计");
    await act(async () => fireEvent.click(screen.getByTestId("visit-export")));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const call = seen.find((c) => c.url === "/api/archives/visits/export")!;
    expect(JSON.parse(call.data as string)).toEqual({ model: { compId: 7 }, orders: [{ column: "serviceTime", asc: true }] });
    expect(clicked[0].download).toBe("走访记录-20260301.xlsx");

    restoreNetwork();
    const toasts = fakeNotifier();
    const tooMany = "符合条件的走访记录超过 50000 条，请缩小筛选范围后再导出";
    stubNetwork((config) =>
      config.url === "/api/archives/visits/export"
        ? { status: 400, data: new Blob([JSON.stringify({ code: 400, message: tooMany })], { type: "application/json" }), headers: { "content-type": "application/json" } }
        : reply(config),
    );
    await act(async () => fireEvent.click(screen.getByTestId("visit-export")));
    await waitFor(() => expect(toasts.warning).toHaveBeenCalled());
    expect(JSON.stringify(toasts.warning.mock.calls)).toContain(tooMany);
  });

  it("shows the no-permission state when the server refuses", async () => {
    storeSession([]);
    stubNetwork(() => ({ status: 403, data: { code: 403, message: "没有权限执行此操作" } }));
    renderInRefine("/visits", <VisitList />);
    expect(await screen.findByTestId("no-permission")).toBeInTheDocument();
  });

  it("turns the form's values into filters and back", () => {
    const filters = filtersFromValues({
      company: 7,
      researcher: undefined,
      dateRange: [dayjs("2026-01-01"), dayjs("2026-01-31")],
      comprehensiveEvaluation: "good",
      segment: undefined,
      district: " 510104 ",
    });
    expect(filters).toEqual([
      { field: "compId", operator: "eq", value: 7 },
      { field: "researcherId", operator: "eq", value: undefined },
      { field: "comprehensiveEvaluation", operator: "eq", value: "good" },
      { field: "segment", operator: "eq", value: undefined },
      { field: "district", operator: "eq", value: "510104" },
      { field: "serviceTime", operator: "between", value: ["2026-01-01", "2026-01-31"] },
    ]);
    const back = valuesFromFilters([
      { field: "compId", operator: "eq", value: "7" },
      { field: "segment", operator: "eq", value: "nonsense" },
      { field: "district", operator: "eq", value: "510104" },
      { field: "serviceTime", operator: "between", value: ["2026-01-01", "2026-01-31"] },
    ]);
    expect(back).toMatchObject({ company: 7, researcher: undefined, segment: undefined, comprehensiveEvaluation: undefined, district: "510104" });
    expect(back.dateRange?.map((day) => day?.format("YYYY-MM-DD"))).toEqual(["2026-01-01", "2026-01-31"]);
    // The archive's record tab restores its form from the address the same way.
    const record = recordValuesFromFilters([
      { field: "researchers", operator: "contains", value: "张" },
      { field: "serviceTime", operator: "between", value: ["2026-01-01 00:00:00", "2026-01-31"] },
      { field: "comprehensiveEvaluation", operator: "eq", value: "good" },
    ]);
    expect(record).toMatchObject({ researchers: "张", comprehensiveEvaluation: "good" });
    expect(record.dateRange?.map((day) => day?.format("YYYY-MM-DD"))).toEqual(["2026-01-01", "2026-01-31"]);
  });

  it("keeps a record's researchers as picked users and typed names", () => {
    const picks = researcherPicks("王调研、外援甲", [{ id: 5, name: "王调研" }]);
    expect(picks).toEqual(["user:5", "外援甲"]);
    expect(researchersPayload([...picks, "user:6", " 客人 ", "user:5"])).toEqual({ researcherIds: [5, 6], researchers: "外援甲、客人" });
    expect(researchersPayload([])).toEqual({ researcherIds: [], researchers: null });
    // A draft from before the picker held the text.
    expect(researchersPayload("张三、李四")).toEqual({ researcherIds: [], researchers: "张三、李四" });
  });
});
