/** One server call behind a Refine data hook. `:id` in the url is replaced by the record id. */
export interface Call {
  method: "get" | "post" | "put" | "patch" | "delete";
  url: string;
  /** SPEC 7 "(bearer)": the token goes as `Bearer <access_token>`. */
  bearer?: boolean;
  /** The list filters travel as top-level body fields instead of inside `model` (company search). */
  filtersAtRoot?: boolean;
  /**
   * List filters the server takes as JSON numbers. A filter read back from the page's address is
   * text ("1"), which the server refuses where it expects 1, so these are sent as numbers.
   */
  numberFilters?: readonly string[];
}

export interface ResourceCalls {
  list?: Call;
  one?: Call;
  create?: Call;
  update?: Call;
  delete?: Call;
}

export type CallKind = keyof ResourceCalls;
export type Endpoints = Readonly<Record<string, ResourceCalls>>;

type CallOptions = Omit<Call, "method" | "url">;
const post = (url: string, options?: CallOptions): Call => ({ method: "post", url, ...options });
const get = (url: string, options?: CallOptions): Call => ({ method: "get", url, ...options });

const releaseArchives = post("/api/archives/releaseArchives");

/** The log list's type and status codes (its export sends the same model). */
export const LOG_NUMBER_FILTERS = ["logType", "exceptionType"] as const;

/** The calls of SPEC 7 and DESIGN.md "Calls" that Refine's data hooks reach, by resource name. */
export const defaultEndpoints = {
  users: {
    list: post("/api/user/listData", { bearer: true }),
    create: post("/api/user/edit"),
    update: post("/api/user/edit"),
    delete: get("/api/user/del/:id"),
  },
  /** Companies for the user form's picker; the search goes as `keywords` at the body's root. */
  orgCompanies: { list: post("/api/patnavi/company/org", { filtersAtRoot: true }) },
  certifications: { list: post("/api/certification/list"), one: get("/api/certification/:id") },
  /** Ending a session is its delete: POST /api/session/end { id }. */
  sessions: { list: post("/api/session/list"), delete: post("/api/session/end") },
  logs: { list: post("/api/logs/listData", { bearer: true, numberFilters: LOG_NUMBER_FILTERS }) },
  serviceRecords: {
    list: post("/api/archives/queryArchivesPage"),
    one: get("/api/archives/queryById/:id"),
    create: releaseArchives,
    update: releaseArchives,
  },
  serviceAnswers: { list: post("/api/archives/queryServiceAnswer") },
  /** The visit form's company picker: search by keywords, and the picked company's label. */
  companies: { list: post("/api/company/search", { filtersAtRoot: true }), one: get("/api/company/:id"), create: post("/api/company/save"), update: post("/api/company/save") },
  /** Questionnaire administration; a delete's key goes as explicit variables ({ serviceNo }). */
  dimensions: {
    list: post("/api/archives/dimension/list"),
    create: post("/api/archives/dimension/save"),
    update: post("/api/archives/dimension/save"),
    delete: post("/api/archives/dimension/delete"),
  },
  /** The list takes its dimension as `serviceNo` at the body's root; a delete sends { questionNo }. */
  questions: {
    list: post("/api/archives/question/list", { filtersAtRoot: true }),
    create: post("/api/archives/question/save"),
    update: post("/api/archives/question/save"),
    delete: post("/api/archives/question/delete"),
  },
} satisfies Endpoints;

export type ResourceName = keyof typeof defaultEndpoints;
