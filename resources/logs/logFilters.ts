import type { CrudFilter, CrudFilters } from "@refinedev/core";
import dayjs, { type Dayjs } from "dayjs";
import { DATE_FORMAT } from "../../contract/dateTime";

/** The filter form's values. Selects hold strings so a value read back from the URL still matches. */
export interface LogFilterValues {
  logType?: string;
  exceptionType?: string;
  userName?: string;
  logAction?: string;
  /** Named apart from the filter field so Refine's URL restore does not put strings in the picker. */
  dateRange?: [Dayjs | null, Dayjs | null];
}

/** The filter field the date range travels as: the provider sends it as lastModifiedDateBegin/End. */
export const DATE_FIELD = "lastModifiedDate";

const text = (value: string | undefined): string | undefined => value?.trim() || undefined;
const code = (value: string | undefined): number | undefined =>
  value === undefined || value === "" ? undefined : Number(value);

/** The form's values as the list's filters: every field always present, so a cleared one clears. */
export function filtersFromValues(values: LogFilterValues): CrudFilters {
  const [begin, end] = values.dateRange ?? [];
  return [
    { field: "logType", operator: "eq", value: code(values.logType) },
    { field: "exceptionType", operator: "eq", value: code(values.exceptionType) },
    { field: "userName", operator: "contains", value: text(values.userName) },
    { field: "logAction", operator: "contains", value: text(values.logAction) },
    {
      field: DATE_FIELD,
      operator: "between",
      value: begin && end ? [begin.format(DATE_FORMAT), end.format(DATE_FORMAT)] : undefined,
    },
  ];
}

const valueOf = (filters: CrudFilter[], field: string): unknown =>
  filters.find((filter) => "field" in filter && filter.field === field)?.value;

const asText = (value: unknown): string | undefined =>
  value === undefined || value === null || value === "" ? undefined : String(value);

/** The list's filters (possibly read from the URL) as the form's values; an unset select shows "all". */
export function valuesFromFilters(filters: CrudFilter[]): LogFilterValues {
  const range = valueOf(filters, DATE_FIELD);
  const [begin, end] = Array.isArray(range) ? range : [];
  return {
    logType: asText(valueOf(filters, "logType")) ?? "",
    exceptionType: asText(valueOf(filters, "exceptionType")) ?? "",
    userName: asText(valueOf(filters, "userName")),
    logAction: asText(valueOf(filters, "logAction")),
    dateRange: begin && end ? [dayjs(String(begin)), dayjs(String(end))] : undefined,
  };
}
