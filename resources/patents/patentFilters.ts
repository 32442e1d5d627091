import type { CrudFilter, CrudFilters } from "@refinedev/core";
import type { Dayjs } from "dayjs";
import { COMPANY_SEGMENTS, type CompanySegment } from "../../contract/companies";
import { DATE_FORMAT } from "../../contract/dateTime";
import { LEGAL_STATUSES, PATENT_TYPES, type LegalStatus, type PatentType } from "../../contract/patents/record";
import type { PatentFacets } from "../../contract/schemas/patents";
import { dayOf } from "../serviceRecords/serviceRecordFilters";

/** The search form of /patents; every text field is sent as the search call's model field of the same name. */
export interface PatentFilterValues {
  q?: string;
  applicant?: string;
  inventor?: string;
  ipc?: string;
  number?: string;
  patentType?: PatentType;
  legalStatus?: LegalStatus;
  /** Named apart from the filter field so a restored filter never puts text in the picker. */
  applyDates?: [Dayjs | null, Dayjs | null];
  district?: string;
  segment?: CompanySegment;
}

/** The range travels as applyDateBegin / applyDateEnd (the provider's `between`). */
export const APPLY_DATE_FIELD = "applyDate";
const TEXT_FIELDS = ["q", "applicant", "inventor", "ipc", "number", "district"] as const;

/** The form's values as the list's filters, every field present so a cleared one clears. */
export function filtersFromValues(values: PatentFilterValues): CrudFilters {
  const [begin, end] = values.applyDates ?? [];
  return [
    ...TEXT_FIELDS.map((field): CrudFilter => ({ field, operator: "eq", value: values[field]?.trim() || undefined })),
    { field: "patentType", operator: "eq", value: values.patentType || undefined },
    { field: "legalStatus", operator: "eq", value: values.legalStatus || undefined },
    { field: "segment", operator: "eq", value: values.segment || undefined },
    { field: APPLY_DATE_FIELD, operator: "between", value: begin || end ? [begin?.format(DATE_FORMAT) ?? "", end?.format(DATE_FORMAT) ?? ""] : undefined },
  ];
}

const valueOf = (filters: readonly CrudFilter[], field: string): unknown =>
  filters.find((filter) => "field" in filter && filter.field === field)?.value;

const textOf = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value : undefined);

/** The list's filters, as the address keeps them, as the form's values (unknown codes dropped). */
export function valuesFromFilters(filters: readonly CrudFilter[]): PatentFilterValues {
  const range = valueOf(filters, APPLY_DATE_FIELD);
  const [begin, end] = Array.isArray(range) ? range.map((day) => (textOf(day) ? dayOf(day) : null)) : [null, null];
  const values: PatentFilterValues = {
    patentType: PATENT_TYPES.find((value) => value === valueOf(filters, "patentType")),
    legalStatus: LEGAL_STATUSES.find((value) => value === valueOf(filters, "legalStatus")),
    segment: COMPANY_SEGMENTS.find((value) => value === valueOf(filters, "segment")),
    applyDates: begin || end ? [begin, end] : undefined,
  };
  for (const field of TEXT_FIELDS) values[field] = textOf(valueOf(filters, field));
  return values;
}

export type FacetName = keyof PatentFacets;

/**
 * The form's values narrowed to one facet entry: a type, status, segment, applicant or district is
 * that filter; a year is that year's application dates; an IPC subclass is that IPC prefix.
 */
export function withFacet(values: PatentFilterValues, facet: FacetName, key: string): PatentFilterValues {
  switch (facet) {
    case "applyYear":
      return { ...values, applyDates: [dayOf(`${key}-01-01`), dayOf(`${key}-12-31`)] };
    case "ipcClass":
      return { ...values, ipc: key };
    case "patentType":
      return { ...values, patentType: PATENT_TYPES.find((value) => value === key) };
    case "legalStatus":
      return { ...values, legalStatus: LEGAL_STATUSES.find((value) => value === key) };
    case "segment":
      return { ...values, segment: COMPANY_SEGMENTS.find((value) => value === key) };
    case "applicant":
      return { ...values, applicant: key };
    case "district":
      return { ...values, district: key };
  }
}

/** Filters that constrain something, as an address carries them (no empty entries). */
export const setFilters = (filters: CrudFilters): CrudFilters => filters.filter((filter) => filter.value !== undefined);

/** The filters narrowed to one entry of a facet or a chain-map figure. */
export const filtersWithFacet = (filters: readonly CrudFilter[], facet: FacetName, key: string): CrudFilters =>
  setFilters(filtersFromValues(withFacet(valuesFromFilters(filters), facet, key)));
