import type { CrudFilter, CrudFilters } from "@refinedev/core";

/*
 * Links into 专利检索 (/patents) from outside its page: the notification centre and 我的关注. Kept
 * apart from patentFilters.ts (the form's dates) so that the header loads nothing else of the list.
 */

/** The list's filter of the application dates, sent as applyDateBegin / applyDateEnd (the provider's `between`). */
const APPLY_DATE_FIELD = "applyDate";
/** `/patents?patent=<id>` opens that patent's detail drawer over the list. */
export const PATENT_OPEN_PARAM = "patent";

/** The address of /patents with one patent's detail open. */
export const patentHref = (path: string, id: number | string): string => `${path}?${PATENT_OPEN_PARAM}=${encodeURIComponent(String(id))}`;

/** A search model (the call's, or a watch's) as the list's filters: a `…Begin` / `…End` pair is the provider's `between`. */
export function filtersFromModel(model: Readonly<Record<string, unknown>>): CrudFilters {
  const filters: CrudFilter[] = [];
  const shown = (value: unknown) => (typeof value === "number" ? String(value) : typeof value === "string" ? value : "");
  for (const [field, value] of Object.entries(model)) {
    if (field === `${APPLY_DATE_FIELD}Begin` || field === `${APPLY_DATE_FIELD}End` || shown(value) === "") continue;
    filters.push({ field, operator: "eq", value: shown(value) });
  }
  const begin = shown(model[`${APPLY_DATE_FIELD}Begin`]);
  const end = shown(model[`${APPLY_DATE_FIELD}End`]);
  if (begin || end) filters.push({ field: APPLY_DATE_FIELD, operator: "between", value: [begin, end] });
  return filters;
}

/**
 * The address of /patents searching `model`, as the list keeps its filters there (Refine's
 * `filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=…`), written without qs so the
 * header's notification centre can link to it without loading the list.
 */
export function patentSearchHref(path: string, model: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  filtersFromModel(model).forEach((filter, index) => {
    if (!("field" in filter)) return;
    const key = `filters[${index}]`;
    parts.push(`${key}[field]=${encodeURIComponent(filter.field)}`, `${key}[operator]=${filter.operator}`);
    const value: unknown = filter.value;
    if (Array.isArray(value)) value.forEach((item, at) => parts.push(`${key}[value][${at}]=${encodeURIComponent(String(item))}`));
    else parts.push(`${key}[value]=${encodeURIComponent(String(value))}`);
  });
  return parts.length === 0 ? path : `${path}?${parts.join("&")}`;
}
