import { isCompanySegment } from "../../contract/companies";
import { Paths } from "../../contract/paths";
import { monthWithin, type StatisticsGroupBy } from "../../contract/statistics";

/** A figure's filters on the visit list: the period (or the month within it) and the group's value. */
export interface DrillDown {
  serviceTimeBegin: string;
  serviceTimeEnd: string;
  comprehensiveEvaluation?: string;
  segment?: string;
  researcherId?: string;
  district?: string;
}

/**
 * The visit list's filters for a group of the period, always with the period (or the month within
 * it). Null for the groups the list cannot filter to exactly (the visits linking no researcher, a
 * segment or district not set, a segment outside the value set), so that no link lists other visits than the figure counts.
 */
export function drillDownOf(groupBy: null, key: null, from: string, to: string): DrillDown;
export function drillDownOf(groupBy: StatisticsGroupBy, key: string, from: string, to: string): DrillDown | null;
export function drillDownOf(groupBy: StatisticsGroupBy | null, key: string | null, from: string, to: string): DrillDown | null {
  if (groupBy === "month" && key) {
    const { begin, end } = monthWithin(key, from, to);
    return { serviceTimeBegin: begin, serviceTimeEnd: end };
  }
  const period = { serviceTimeBegin: from, serviceTimeEnd: to };
  if (groupBy === "evaluation" && key) return { ...period, comprehensiveEvaluation: key };
  if (groupBy === "segment" && key && isCompanySegment(key)) return { ...period, segment: key };
  if (groupBy === "researcher" && key) return { ...period, researcherId: key };
  if (groupBy === "district" && key) return { ...period, district: key };
  return groupBy === null ? period : null;
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
  if (drill.researcherId) add("researcherId", "eq", drill.researcherId);
  if (drill.district) add("district", "eq", drill.district);
  return `${Paths.VISITS}?${params.toString()}`;
}
