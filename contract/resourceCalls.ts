/**
 * How the app's data provider reaches a resource on the server. A conventional resource is served
 * and called under one base path with the calls below, so neither half writes endpoint code for
 * it; a resource whose calls SPEC fixes otherwise names them one by one.
 */
export type CallMethod = "get" | "post" | "put" | "patch" | "delete";

/** One server call behind a Refine data hook. `:id` in the url is replaced by the record id. */
export interface Call {
  method: CallMethod;
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

/** The id slot of a call's url. */
export const ID_SLOT = ":id";

/**
 * The conventional calls under `base` (e.g. `/api/widgets`):
 * - list   POST `base/list`   `{ current, size, model }` → `{ records, total, current, size }`
 * - one    GET  `base/:id`    → the record
 * - create POST `base/save`   the record without id → its id
 * - update POST `base/save`   the record with its id → its id
 * - delete POST `base/delete` `{ id }`
 */
export function conventionalCalls(base: string): Required<ResourceCalls> {
  const save: Call = { method: "post", url: `${base}/save` };
  return {
    list: { method: "post", url: `${base}/list` },
    one: { method: "get", url: `${base}/${ID_SLOT}` },
    create: save,
    update: save,
    delete: { method: "post", url: `${base}/delete` },
  };
}
