import { DEFAULT_PAGE_SIZE } from "../../../contract/limits";

/**
 * What a list screen asks of Refine's useTable: SPEC 2's default page size, a search that replaces
 * the filters, and a silent call without retries, whose refusal the screen shows as its no-permission
 * state and whose other failures it shows above the table (ListTable's `error`).
 */
export const LIST_TABLE_OPTIONS = {
  pagination: { pageSize: DEFAULT_PAGE_SIZE },
  filters: { defaultBehavior: "replace" as const },
  meta: { request: { silent: true } },
  queryOptions: { retry: false },
};
