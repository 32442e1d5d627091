import { MenuCode } from "../../contract/menus";
import { Paths } from "../../contract/paths";
import { get, post } from "../../providers/endpoints";
import { declareResource } from "../declareResource";

const releaseArchives = post("/api/archives/releaseArchives");
const details = () => import("./ServiceRecordDetails");

/** The service archive (/serviceFiles) with its visit records (/serviceFilesDetails, a form or a read-only view). */
export const serviceRecords = declareResource({
  name: "serviceRecords",
  label: "shell.titles.serviceFiles",
  menuCode: MenuCode.SERVICE_FILES,
  list: { path: Paths.SERVICE_FILES, page: () => import("./ServiceFilesPage") },
  create: { path: Paths.SERVICE_FILES_DETAILS, title: "shell.titles.serviceFilesDetails", page: details },
  show: {
    path: Paths.SERVICE_FILES_DETAILS,
    title: "shell.titles.serviceFilesDetails",
    page: details,
    link: `${Paths.SERVICE_FILES_DETAILS}?id=:id&disable=true`,
  },
  calls: { list: post("/api/archives/queryArchivesPage"), one: get("/api/archives/queryById/:id"), create: releaseArchives, update: releaseArchives },
  actions: {
    /** The archive's dimension tabs. */
    dimensions: get("/api/archives/queryDimension"),
    /** The whole archive as .docx. */
    report: post("/api/archives/queryReport"),
    /** The users a visit's researchers are picked from (issue 11). */
    researchers: get("/api/archives/researcherCandidates"),
    /** `{ id, reason, version }`: voids a record, which stays with its reason (issue 11). */
    void: post("/api/archives/voidRecord"),
  },
});

/** A visit record's changes, field by field, newest first (issue 11). */
export const recordChanges = declareResource({
  name: "recordChanges",
  label: "archive.recordHistory.title",
  menuCode: MenuCode.SERVICE_FILES,
  calls: { list: post("/api/archives/recordHistory") },
});

/** A company's 动态: its visits, record edits and answer changes, newest first (issue 11). */
export const timeline = declareResource({
  name: "timeline",
  label: "archive.tabs.timeline",
  menuCode: MenuCode.SERVICE_FILES,
  calls: { list: post("/api/archives/timeline") },
});

/** A company's answers in one dimension: the questions with their current answers, and saving edits. */
export const answers = declareResource({
  name: "answers",
  label: "questionnaires.tab",
  menuCode: MenuCode.SERVICE_FILES,
  calls: {},
  actions: { questions: post("/api/archives/queryServiceQuestion"), save: post("/api/archives/serviceAnswer") },
});

/** One answer's history, newest first. */
export const serviceAnswers = declareResource({
  name: "serviceAnswers",
  label: "archive.historyDialog.title",
  menuCode: MenuCode.SERVICE_FILES,
  calls: { list: post("/api/archives/queryServiceAnswer") },
});
