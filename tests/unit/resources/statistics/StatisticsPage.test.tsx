import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import dayjs from "dayjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import type { Statistics } from "../../../../contract/statistics";
import StatisticsPage from "../../../../resources/statistics/StatisticsPage";
import { drillDownOf, visitListLink } from "../../../../resources/statistics/statisticsLinks";
import { LOCATION_MARK, renderInRefine, storeSession } from "../../access/refineHarness";
import { restoreNetwork, stubNetwork, type Answer } from "../../providers/network";

// ECharts draws on a canvas or SVG jsdom cannot lay out: the chart is replaced at its drawing boundary,
// and the test reads what it was given and the table of figures beside it.
const drawn = vi.hoisted(() => [] as { element: HTMLElement; option: unknown }[]);
vi.mock("../../../../src/components/Chart/echarts", () => ({
  drawChart: (element: HTMLElement, option: unknown) => {
    const entry = { element, option };
    drawn.push(entry);
    return { update: (next: unknown) => (entry.option = next), resize: () => {}, dispose: () => {} };
  },
}));

const year = dayjs().format("YYYY");
const totals = { visits: 30, companies: 6, companiesRegistered: 24, patnaviOpened: 2 };
const FIGURES: Record<string, Statistics> = {
  month: { rows: [{ key: `${year}-01`, label: `${year}-01`, visits: 10, companies: 4 }, { key: `${year}-02`, label: `${year}-02`, visits: 20, companies: 5 }], totals },
  researcher: { rows: [{ key: "张三", label: "张三", visits: 18, companies: 5 }, { key: "李四", label: "李四", visits: 12, companies: 3 }], totals },
  evaluation: {
    rows: [
      { key: "excellent", label: "优秀", visits: 5, companies: 2 },
      { key: "good", label: "良好", visits: 15, companies: 4 },
      { key: "average", label: "一般", visits: 10, companies: 3 },
    ],
    totals,
  },
  segment: { rows: [{ key: "design", label: "设计", visits: 30, companies: 6 }], totals },
  district: { rows: [{ key: "510104", label: "锦江区", visits: 30, companies: 6 }], totals },
};

function reply(config: InternalAxiosRequestConfig): Answer {
  if (config.url === "/api/statistics/visits") {
    const { groupBy } = JSON.parse(config.data as string) as { groupBy: string };
    return { data: { code: 200, message: "ok", result: FIGURES[groupBy] } };
  }
  return { status: 404, data: { code: 404, message: "not found" } };
}

afterEach(() => {
  restoreNetwork();
  drawn.length = 0;
});

describe("the statistics page (/statistics)", () => {
  it("asks for every grouping of this year and shows the totals with the coverage", async () => {
    storeSession([MenuCode.STATISTICS]);
    const seen = stubNetwork(reply);
    renderInRefine("/statistics", <StatisticsPage />);
    const totalsBox = await screen.findByTestId("statistics-totals");
    await waitFor(() => expect(within(totalsBox).getByText("25.0%")).toBeTruthy());
    expect(within(totalsBox).getByText("走访次数")).toBeTruthy();
    expect(within(totalsBox).getByText("30")).toBeTruthy();
    const bodies = seen.filter((c) => c.url === "/api/statistics/visits").map((c) => JSON.parse(c.data as string) as { from: string; to: string; groupBy: string });
    expect(new Set(bodies.map((b) => b.groupBy))).toEqual(new Set(["month", "researcher", "evaluation", "segment", "district"]));
    expect(bodies.every((b) => b.from === `${year}-01-01` && b.to === `${year}-12-31`)).toBe(true);
  });

  it("gives every chart a text alternative and the table of its figures, as the chart was given them", async () => {
    storeSession([MenuCode.STATISTICS]);
    stubNetwork(reply);
    renderInRefine("/statistics", <StatisticsPage />);
    const table = await screen.findByTestId("statistics-table-researcher");
    const rows = within(table).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["张三", "18", "5"],
      ["李四", "12", "3"],
    ]);
    const chart = screen.getByTestId("statistics-chart-researcher");
    expect(chart.getAttribute("role")).toBe("img");
    expect(chart.getAttribute("aria-label")).toBe("调研人员走访：共 2 项，数据见下表。");
    await waitFor(() => expect(drawn.find((d) => d.element === chart)).toBeTruthy());
    const option = drawn.find((d) => d.element === chart)!.option as { series: { data: number[] }[]; yAxis: { data: string[] } };
    expect(option.yAxis.data).toEqual(["张三", "李四"]);
    expect(option.series.map((s) => s.data)).toEqual([
      [18, 12],
      [5, 3],
    ]);
    const evaluation = await screen.findByTestId("statistics-table-evaluation");
    expect(within(evaluation).getAllByRole("link").map((link) => link.textContent)).toEqual(["优秀", "良好", "一般"]);
    const coverage = screen.getByTestId("statistics-table-coverage");
    expect(within(coverage).getAllByRole("row").slice(1).map((row) => row.textContent)).toEqual(["已走访6", "未走访18"]);
  });

  it("drills a figure down to the visit list with its filters", async () => {
    storeSession([MenuCode.STATISTICS]);
    stubNetwork(reply);
    renderInRefine("/statistics", <StatisticsPage />, { "/visits": <p>visit list</p> });
    const link = await screen.findByTestId("statistics-drill-evaluation-good");
    expect(link.getAttribute("aria-label")).toBe("查看 良好 的走访记录");
    fireEvent.click(link);
    await screen.findByText("visit list");
    const location = screen.getByTestId(LOCATION_MARK).textContent!;
    expect(location).toContain("/visits?");
    expect(location).toContain(`filters[0][field]=serviceTime&filters[0][operator]=between&filters[0][value][0]=${year}-01-01&filters[0][value][1]=${year}-12-31`);
    expect(location).toContain("filters[1][field]=comprehensiveEvaluation&filters[1][operator]=eq&filters[1][value]=good");
  });

  it("links a month to that month within the period, a segment to its code", () => {
    expect(drillDownOf("month", "2025-02", "2025-02-10", "2025-12-31")).toEqual({ serviceTimeBegin: "2025-02-10", serviceTimeEnd: "2025-02-28" });
    expect(drillDownOf("month", "2024-02", "2024-01-01", "2024-12-31")).toEqual({ serviceTimeBegin: "2024-02-01", serviceTimeEnd: "2024-02-29" });
    expect(drillDownOf("segment", "design", "2025-01-01", "2025-12-31")).toEqual({ serviceTimeBegin: "2025-01-01", serviceTimeEnd: "2025-12-31", segment: "design" });
    expect(drillDownOf("researcher", "42", "2025-01-01", "2025-12-31")).toEqual({ serviceTimeBegin: "2025-01-01", serviceTimeEnd: "2025-12-31", researcherId: "42" });
    expect(drillDownOf("district", "510104", "2025-01-01", "2025-12-31")).toEqual({ serviceTimeBegin: "2025-01-01", serviceTimeEnd: "2025-12-31", district: "510104" });
    // No link the visit list could not filter to exactly: nobody linked, not set, a segment outside the value set.
    expect(drillDownOf("researcher", "", "2025-01-01", "2025-12-31")).toBeNull();
    expect(drillDownOf("district", "", "2025-01-01", "2025-12-31")).toBeNull();
    expect(drillDownOf("segment", "芯片", "2025-01-01", "2025-12-31")).toBeNull();
    expect(decodeURIComponent(visitListLink({ serviceTimeBegin: "2025-01-01", serviceTimeEnd: "2025-01-31", segment: "design" }))).toBe(
      "/visits?filters[0][field]=serviceTime&filters[0][operator]=between&filters[0][value][0]=2025-01-01&filters[0][value][1]=2025-01-31&filters[1][field]=segment&filters[1][operator]=eq&filters[1][value]=design",
    );
  });

  it("shows no permission when the server refuses", async () => {
    storeSession([MenuCode.STATISTICS]);
    stubNetwork(() => ({ status: 403, data: { code: 403, message: "没有权限" } }));
    renderInRefine("/statistics", <StatisticsPage />);
    expect(await screen.findByTestId("no-permission")).toBeTruthy();
    expect(screen.queryByTestId("statistics-totals")).toBeNull();
  });
});
