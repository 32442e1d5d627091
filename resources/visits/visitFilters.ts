import type { CrudFilter, CrudFilters } from "@refinedev/core";
import type { Dayjs } from "dayjs";
import { COMPANY_SEGMENTS, type CompanySegment } from "../../contract/companies";
import { DATE_FORMAT } from "../../contract/dateTime";
import { EVALUATIONS, type Evaluation } from "../../contract/valueSets";
import { dayOf } from "../serviceRecords/serviceRecordFilters";

/** The visit list's filter form: company, researcher (a user), service-time range, evaluation, segment. */
export interface VisitFilterValues {
  /** The ids are named apart from their filter fields: Refine's URL restore would put text in the pickers. */
  company?: number;
  researcher?: number;
  /** Named apart from the filter field so a restored filter never puts strings in the picker. */
  dateRange?: [Dayjs | null, Dayjs | null];
  comprehensiveEvaluation?: Evaluation;
  segment?: CompanySegment;
  /** The company's district as stored (a code or text), matched whole. */
  district?: string;
}

/** The field the range travels as: the provider sends `between` as serviceTimeBegin / serviceTimeEnd. */
export const DATE_FIELD = "serviceTime";

/** The form's values as the list's filters, every field present so a cleared one clears. */
export function filtersFromValues(values: VisitFilterValues): CrudFilters {
  const [begin, end] = values.dateRange ?? [];
  return [
    { field: "compId", operator: "eq", value: values.company ?? undefined },
    { field: "researcherId", operator: "eq", value: values.researcher ?? undefined },
    { field: "comprehensiveEvaluation", operator: "eq", value: values.comprehensiveEvaluation || undefined },
    { field: "segment", operator: "eq", value: values.segment || undefined },
    { field: "district", operator: "eq", value: values.district?.trim() || undefined },
    { field: DATE_FIELD, operator: "between", value: begin && end ? [begin.format(DATE_FORMAT), end.format(DATE_FORMAT)] : undefined },
  ];
}

const valueOf = (filters: readonly CrudFilter[], field: string): unknown =>
  filters.find((filter) => "field" in filter && filter.field === field)?.value;

/** An id the address brought (as text), or nothing. */
function idOf(value: unknown): number | undefined {
  const id = Number(value);
  return value !== "" && value !== null && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The list's filters (as the address keeps them, so Back restores them) as the form's values. */
export function valuesFromFilters(filters: readonly CrudFilter[]): VisitFilterValues {
  const range = valueOf(filters, DATE_FIELD);
  const [begin, end] = Array.isArray(range) ? range.map(dayOf) : [null, null];
  const evaluation = valueOf(filters, "comprehensiveEvaluation");
  const segment = valueOf(filters, "segment");
  const district = valueOf(filters, "district");
  return {
    company: idOf(valueOf(filters, "compId")),
    researcher: idOf(valueOf(filters, "researcherId")),
    dateRange: begin && end ? [begin, end] : undefined,
    comprehensiveEvaluation: EVALUATIONS.find((value) => value === evaluation),
    segment: COMPANY_SEGMENTS.find((value) => value === segment),
    district: typeof district === "string" && district.trim() !== "" ? district : undefined,
  };
}
