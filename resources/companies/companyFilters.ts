import type { CrudFilter, CrudFilters } from "@refinedev/core";

/** The finder's one search field: part of a company name or credit code. */
export interface CompanyFilterValues {
  keywords?: string;
}

/** The filter the company search takes as `keywords` at the body's root (providers/endpoints.ts). */
export const KEYWORDS_FIELD = "keywords";

/** Always present, so a cleared field clears the search. */
export const filtersFromValues = ({ keywords }: CompanyFilterValues): CrudFilters => [
  { field: KEYWORDS_FIELD, operator: "contains", value: keywords?.trim() || undefined },
];

/** The form's starting values from the filters the URL brought. */
export function valuesFromFilters(filters: CrudFilter[]): CompanyFilterValues {
  const value = filters.find((filter) => "field" in filter && filter.field === KEYWORDS_FIELD)?.value;
  return { keywords: typeof value === "string" ? value : undefined };
}
