/** Member companies of the association, as the company picker and the administration see them. */

import { isValidCreditCode } from "./account";
import { CONTACT_PERSON_MAX } from "./limits";
import { isContactPhone } from "./phone";

/** Industry-chain segments, stored and sent as codes. */
export const COMPANY_SEGMENTS = ["design", "manufacturing", "packagingTest", "equipment", "materials"] as const;
export type CompanySegment = (typeof COMPANY_SEGMENTS)[number];

/** The segment names an import file gives (and the zh-CN names of the codes). */
export const SEGMENT_NAMES: Record<CompanySegment, string> = {
  design: "设计",
  manufacturing: "制造",
  packagingTest: "封装测试",
  equipment: "设备",
  materials: "材料",
};

/** The header row of an import file, in column order. */
export const COMPANY_IMPORT_HEADER = ["企业名称", "统一社会信用代码", "所在区域", "产业链环节", "地址", "联系人", "联系电话"] as const;

export const COMPANY_NAME_MAX = 100;
export const COMPANY_TEXT_MAX = 200;

/* The wire shapes are TypeBox schemas in schemas/companies.ts; the app names their types from here without loading TypeBox. */
export type { Company, CompanyInput, CompanyOwner, CompanySearchRow, ImportAnswer } from "./schemas/companies";

/** The largest page the company search answers. */
export const COMPANY_SEARCH_MAX_SIZE = 100;
/** The company list's page sizes: SPEC 2's list sizes the search can answer. */
export const COMPANY_PAGE_SIZES = [10, 50, 100] as const;

/** A field of the company form and of an import row, in the order the rules are checked. */
export const COMPANY_FIELDS = ["name", "creditCode", "segment", "district", "address", "contactPerson", "contactPhone"] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

/** Which rule a company field breaks; the server words it in Chinese, the app through i18n. */
export type CompanyProblem = "nameRequired" | "nameTooLong" | "badCreditCode" | "badSegment" | "textTooLong" | "contactPersonTooLong" | "badPhone";

export const isCompanySegment = (value: string): value is CompanySegment => (COMPANY_SEGMENTS as readonly string[]).includes(value);

/** A field as stored: trimmed, empty as null, the credit code in capitals. */
export function cleanCompanyField(field: CompanyField, raw: string | null | undefined): string | null {
  const value = raw?.trim() ?? "";
  if (!value) return null;
  return field === "creditCode" ? value.toUpperCase() : value;
}

/** Characters as a reader counts them (an emoji or a rare character is one, not two UTF-16 units). */
const chars = (text: string) => [...text].length;

/** The rule a field's value breaks, if any; empty optional fields pass. */
export function companyFieldProblem(field: CompanyField, raw: string | null | undefined): CompanyProblem | null {
  const value = cleanCompanyField(field, raw);
  if (value === null) return field === "name" ? "nameRequired" : null;
  switch (field) {
    case "name":
      return chars(value) > COMPANY_NAME_MAX ? "nameTooLong" : null;
    case "creditCode":
      return isValidCreditCode(value) ? null : "badCreditCode";
    case "segment":
      return isCompanySegment(value) ? null : "badSegment";
    case "district":
    case "address":
      return chars(value) > COMPANY_TEXT_MAX ? "textTooLong" : null;
    case "contactPerson":
      return chars(value) > CONTACT_PERSON_MAX ? "contactPersonTooLong" : null;
    case "contactPhone":
      return isContactPhone(value) ? null : "badPhone";
  }
}
