import { MenuCode } from "../../contract/menus";
import { Paths } from "../../contract/paths";
import { get, post } from "../../providers/endpoints";
import { declareResource } from "../declareResource";

/** The operation log (/logs): its page, one entry's detail, and the export of what is listed. */
export const logs = declareResource({
  name: "logs",
  label: "shell.titles.logs",
  menuCode: MenuCode.ADMIN_LOGS,
  list: { path: Paths.LOGS, page: () => import("./LogList") },
  calls: {
    // Type and status are codes; the export sends the same model.
    list: post("/api/logs/listData", { bearer: true, numberFilters: ["logType", "exceptionType"] }),
    one: get("/api/logs/:id", { bearer: true }),
  },
  actions: { export: post("/api/logs/export", { bearer: true }) },
});
