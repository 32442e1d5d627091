import { MenuCode } from "../../contract/menus";
import { Paths } from "../../contract/paths";
import { get, post } from "../../providers/endpoints";
import { declareResource } from "../declareResource";

/** 服务统计 (/statistics, issue 11): the period's visit figures, charted, and the annual service report. */
export const statistics = declareResource({
  name: "statistics",
  label: "shell.titles.statistics",
  menuCode: MenuCode.STATISTICS,
  list: { path: Paths.STATISTICS, page: () => import("./StatisticsPage") },
  actions: {
    /** `{ from, to, groupBy }` → `{ rows, totals }`. */
    visits: post("/api/statistics/visits"),
    /** `?from&to&format=xlsx|docx`: the report, a download fetched with the token in a header. */
    report: get("/api/statistics/report"),
  },
});
