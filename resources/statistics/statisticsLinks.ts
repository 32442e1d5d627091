import { Paths } from "../../contract/paths";
import { monthWithin, type StatisticsGroupBy } from "../../contract/statistics";

/** A figure's filters on the visit list: the period (or the month within it) and the group's value. */
export interface DrillDown {
  serviceTimeBegin: string;
  serviceTimeEnd: string;
  comprehensiveEvaluation?: string;
  segment?: string;
}

/** The visit list's filters for a group of the period; the groups the list cannot filter by keep the period alone. */
export function drillDownOf(groupBy: StatisticsGroupBy | null, key: string | null, from: string, to: string): DrillDown {
  if (groupBy === "month" && key) {
    const { begin, end } = monthWithin(key, from, to);
    return { serviceTimeBegin: begin, serviceTimeEnd: end };
  }
  const period = { serviceTimeBegin: from, serviceTimeEnd: to };
  if (groupBy === "evaluation" && key) return { ...period, comprehensiveEvaluation: key };
  if (groupBy === "segment" && key) return { ...period, segment: key };
  return period;
}

/**
 * The visit list's address with those filters, as Refine keeps a list's filters in the address
 * (`filters[i][field|operator|value]`), so the list opens filtered and Back returns here: the
 * service-time range as `serviceTime between [begin, end]`, the others as `eq`.
 */
export function visitListLink(drill: DrillDown): string {
  const params = new URLSearchParams();
  let index = 0;
  const add = (field: string, operator: string, value: string | [string, string]) => {
    params.set(`filters[${index}][field]`, field);
    params.set(`filters[${index}][operator]`, operator);
    if (Array.isArray(value)) value.forEach((v, i) => params.set(`filters[${index}][value][${i}]`, v));
    else params.set(`filters[${index}][value]`, value);
    index += 1;
  };
  add("serviceTime", "between", [drill.serviceTimeBegin, drill.serviceTimeEnd]);
  if (drill.comprehensiveEvaluation) add("comprehensiveEvaluation", "eq", drill.comprehensiveEvaluation);
  if (drill.segment) add("segment", "eq", drill.segment);
  return `${Paths.VISITS}?${params.toString()}`;
}
