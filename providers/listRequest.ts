import type { CrudFilter, GetListParams } from "@refinedev/core";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../contract/limits";
import type { Call } from "../contract/resourceCalls";

/** Sort order as the page calls take it. */
export interface Order {
  column: string;
  asc: boolean;
}

/** A page request (contract PageRequest) with optional orders; some calls take the filters at the root. */
export type ListBody = { current: number; size: number; model?: Record<string, unknown>; orders?: Order[] } & Record<
  string,
  unknown
>;

/** Operators whose value is the model field's value as it is. */
const VALUE_OPERATORS = new Set(["eq", "contains", "containss", "in"]);

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

/**
 * Refine filters as the model of a page call: eq/contains/containss/in set the field, `between`
 * [start, end] sets `<field>Begin` and `<field>End` (serviceTimeBegin, serviceTimeEnd). Empty values
 * are left out, so a cleared search field puts no constraint. The model cannot express anything else.
 * The fields named in `numberFields` go as numbers even when the filter holds text (Call.numberFilters).
 */
export function modelFromFilters(filters: CrudFilter[] = [], numberFields: readonly string[] = []): Record<string, unknown> {
  const model: Record<string, unknown> = {};
  for (const filter of filters) {
    // Conditional filters (or/and) nest other filters and carry no field.
    if (!("field" in filter)) {
      throw new Error(`dataProvider: "${filter.operator}" filters cannot be sent in a page model`);
    }
    const { field, operator, value } = filter;
    if (operator === "between") {
      if (!Array.isArray(value)) throw new Error(`dataProvider: "between" on "${field}" needs [start, end]`);
      const [begin, end] = value as unknown[];
      if (!isEmpty(begin)) model[`${field}Begin`] = begin;
      if (!isEmpty(end)) model[`${field}End`] = end;
    } else if (VALUE_OPERATORS.has(operator)) {
      if (!isEmpty(value)) model[field] = numberFields.includes(field) && typeof value === "string" ? Number(value) : value;
    } else {
      throw new Error(`dataProvider: filter operator "${operator}" on "${field}" cannot be sent in a page model`);
    }
  }
  return model;
}

/**
 * The body of a page call: `{ current, size, model, orders? }`. Without server pagination (mode "off"
 * or "client") the first MAX_PAGE_SIZE records are asked for, since Refine then expects them all.
 */
export function listBody(
  { pagination, filters, sorters }: Pick<GetListParams, "pagination" | "filters" | "sorters">,
  { filtersAtRoot = false, numberFilters }: Pick<Call, "filtersAtRoot" | "numberFilters"> = {},
): ListBody {
  const paged = pagination?.mode !== "off" && pagination?.mode !== "client";
  const model = modelFromFilters(filters, numberFilters);
  const orders = sorters?.map((sorter): Order => ({ column: sorter.field, asc: sorter.order === "asc" }));
  return {
    ...(filtersAtRoot ? model : { model }),
    current: paged ? (pagination?.currentPage ?? 1) : 1,
    size: paged ? (pagination?.pageSize ?? DEFAULT_PAGE_SIZE) : MAX_PAGE_SIZE,
    ...(orders?.length ? { orders } : {}),
  };
}
