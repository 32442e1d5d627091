import { MenuCode } from "../../contract/menus";
import { Paths } from "../../contract/paths";
import { get, post } from "../../providers/endpoints";
import { declareResource } from "../declareResource";

/** 专利检索 (/patents, issue 12): the imported patents searched with facets, one patent's every field, the export. */
export const patents = declareResource({
  name: "patents",
  label: "shell.titles.patents",
  menuCode: MenuCode.PATENT_SEARCH,
  list: { path: Paths.PATENTS, page: () => import("./PatentSearchPage") },
  calls: {
    // The answer carries `totalCapped`, `facets` and `facetsSample` beside the page; the data provider passes them on.
    list: post("/api/patents/search"),
    one: get("/api/patents/:id"),
  },
  actions: {
    /** `{ model, orders? }` → the .xlsx of every filtered row. */
    export: post("/api/patents/export"),
  },
});

/** 产业链地图 (/patents/chain): the searched patents by segment, applicant, year and IPC, each drilling down to the list. */
export const patentChain = declareResource({
  name: "patentChain",
  label: "shell.titles.patentChain",
  menuCode: MenuCode.PATENT_SEARCH,
  list: { path: Paths.PATENT_CHAIN, page: () => import("./PatentChainPage") },
  actions: {
    /** `{ model }` → trend, top applicants, IPC mix, segments. */
    stats: post("/api/patents/stats"),
  },
});

/** 我的关注 (/patents/watches): the user's saved searches, applicants and IPC groups, whose new matches each import notifies. */
export const patentWatches = declareResource({
  name: "patentWatches",
  label: "shell.titles.patentWatches",
  menuCode: MenuCode.PATENT_SEARCH,
  list: { path: Paths.PATENT_WATCHES, page: () => import("./PatentWatchesPage") },
  actions: {
    list: get("/api/patents/watches"),
    /** `{ kind, name, model? | applicant? | ipc? }` → the saved watch. */
    create: post("/api/patents/watches"),
    remove: { method: "delete", url: "/api/patents/watches/:id" },
  },
});

/** 专利导入 (/patents/import): upload an export, map its columns, follow the background job. */
export const patentImports = declareResource({
  name: "patentImports",
  label: "shell.titles.patentImport",
  menuCode: MenuCode.PATENT_IMPORT,
  list: { path: Paths.PATENT_IMPORT, page: () => import("./PatentImportPage") },
  actions: {
    /** multipart `file`, `preset?`, `mapping?` → headers, the mapping in force, the unmapped headers. */
    inspect: post("/api/patents/import/inspect"),
    /** multipart `file`, `preset?`, `mapping?` → `{ jobId }`. */
    start: post("/api/patents/import"),
    /** `:jobId` → the job's progress and its row problems. */
    job: get("/api/patents/import/:jobId"),
    presets: get("/api/patents/presets"),
    savePreset: post("/api/patents/presets"),
  },
});

/** A certified member's own company's 专利画像 in the personal center; staff read it in the archive. */
export const patentProfiles = declareResource({
  name: "patentProfiles",
  label: "shell.titles.patentProfile",
  menuCode: MenuCode.PATENT_SEARCH,
  list: {
    path: Paths.PATENT_PROFILE,
    page: () => import("./MyPatentProfilePage"),
    userCenter: { order: 5, anyOf: [MenuCode.CERTIFICATION_APPLY] },
  },
  actions: {
    /** `:compId` → counts by type, status and year, IPC groups, segments, the latest patents. */
    company: get("/api/patents/company/:compId"),
  },
});
