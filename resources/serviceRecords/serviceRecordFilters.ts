import type { CrudFilter, CrudFilters } from "@refinedev/core";
import dayjs, { type Dayjs } from "dayjs";
import { DATE_FORMAT } from "../../contract/dateTime";
import { EVALUATIONS, type Evaluation } from "../../contract/valueSets";

/** The record tab's filter form (SPEC 2): researcher, contact person, date range, evaluation. */
export interface RecordFilterValues {
  researchers?: string;
  contactPerson?: string;
  /** Named apart from the filter field so a restored filter never puts strings in the picker. */
  dateRange?: [Dayjs | null, Dayjs | null] | null;
  comprehensiveEvaluation?: Evaluation;
}

/** The field the range travels as: the provider sends `between` as serviceTimeBegin / serviceTimeEnd. */
export const DATE_FIELD = "serviceTime";

const text = (value: string | undefined): string | undefined => value?.trim() || undefined;

/**
 * The form's values as the list's filters, every field present so a cleared one clears. SPEC 7:
 * the range starts at the first day's midnight and ends with the bare last date, which the
 * server reads as the whole of that day.
 */
export function filtersFromValues(values: RecordFilterValues): CrudFilters {
  const [begin, end] = values.dateRange ?? [];
  return [
    { field: "researchers", operator: "contains", value: text(values.researchers) },
    { field: "contactPerson", operator: "contains", value: text(values.contactPerson) },
    { field: "comprehensiveEvaluation", operator: "eq", value: values.comprehensiveEvaluation || undefined },
    {
      field: DATE_FIELD,
      operator: "between",
      value: begin && end ? [`${begin.format(DATE_FORMAT)} 00:00:00`, end.format(DATE_FORMAT)] : undefined,
    },
  ];
}

const valueOf = (filters: readonly CrudFilter[], field: string): unknown =>
  filters.find((filter) => "field" in filter && filter.field === field)?.value;

const asText = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value : undefined);

/** A date the address brought, as the picker holds it; anything else is no date. */
export function dayOf(value: unknown): Dayjs | null {
  const text = asText(value)?.slice(0, 10);
  const day = text === undefined ? null : dayjs(text, DATE_FORMAT, true);
  return day?.isValid() ? day : null;
}

/** The list's filters (as the address keeps them, so Back restores them) as the form's values. */
export function valuesFromFilters(filters: readonly CrudFilter[]): RecordFilterValues {
  const range = valueOf(filters, DATE_FIELD);
  const [begin, end] = Array.isArray(range) ? range.map(dayOf) : [null, null];
  const evaluation = valueOf(filters, "comprehensiveEvaluation");
  return {
    researchers: asText(valueOf(filters, "researchers")),
    contactPerson: asText(valueOf(filters, "contactPerson")),
    dateRange: begin && end ? [begin, end] : undefined,
    comprehensiveEvaluation: EVALUATIONS.find((value) => value === evaluation),
  };
}
