import { MenuCode } from "../../contract/menus";
import { Paths } from "../../contract/paths";
import { post } from "../../providers/endpoints";
import { declareResource } from "../declareResource";

/** Every visit record the user may see, across companies (/visits, issue 11), and its .xlsx export. */
export const visits = declareResource({
  name: "visits",
  label: "shell.titles.visits",
  menuCode: MenuCode.SERVICE_FILES_VISITS,
  list: { path: Paths.VISITS, page: () => import("./VisitList") },
  calls: {
    // Ids read back from the address are text; the server takes numbers.
    list: post("/api/archives/visits/listData", { numberFilters: ["compId", "researcherId"] }),
  },
  actions: { export: post("/api/archives/visits/export") },
});
