import { MenuCode } from "../../contract/menus";
import { get, post } from "../../providers/endpoints";
import { declareResource } from "../declareResource";

const save = post("/api/company/save");

/** The archive's companies (the /serviceFiles list and the visit form's picker): searched by keywords (at the body's root), added, edited and imported. */
export const companies = declareResource({
  name: "companies",
  label: "companies.title",
  // Listed to everyone who keeps the archive; adding and importing need admin:companies besides.
  menuCode: MenuCode.SERVICE_FILES,
  calls: {
    list: post("/api/company/search", { filtersAtRoot: true }),
    one: get("/api/company/:id"),
    create: save,
    update: save,
  },
  actions: {
    import: post("/api/company/import"),
    /** The import's .xlsx template: its header row (a download, fetched with the token in a header). */
    importTemplate: get("/api/company/import/template"),
    /** `{ compId, ownerIds }` → the company's owners, now exactly those users. */
    owners: post("/api/company/owners"),
    /** Who may own a company: active accounts that use the archive. */
    ownerCandidates: get("/api/company/ownerCandidates"),
  },
});
