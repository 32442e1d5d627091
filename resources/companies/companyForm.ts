import type { Rule } from "antd/es/form";
import { COMPANY_NAME_MAX, COMPANY_TEXT_MAX, companyFieldProblem, type CompanyField, type CompanyInput, type CompanyProblem } from "../../contract/companies";
import { CONTACT_PERSON_MAX } from "../../contract/limits";
import type { Translate } from "../../i18n/types";

/** What the company form holds: the save call's fields, each possibly not filled in yet. */
export type CompanyFormValues = Partial<Omit<CompanyInput, "id">> & {
  /** Saved apart, through POST /api/company/owners, once the company is saved. */
  ownerIds?: number[];
};

const LIMITS: Partial<Record<CompanyProblem, number>> = {
  nameTooLong: COMPANY_NAME_MAX,
  textTooLong: COMPANY_TEXT_MAX,
  contactPersonTooLong: CONTACT_PERSON_MAX,
};

/** The server's rule for one field (contract/companies.ts), worded through i18n. */
export function companyFieldRule(field: CompanyField, t: Translate): Rule {
  return {
    required: field === "name",
    validator: async (_rule, value: string | null | undefined) => {
      const problem = companyFieldProblem(field, value);
      if (problem) throw new Error(t(`companies.rules.${problem}`, { max: LIMITS[problem] ?? "" }));
    },
  };
}

const text = (value: string | null | undefined): string | null => value?.trim() || null;

/** The form as POST /api/company/save takes it: a cleared field goes as null, which clears it. */
export function toSaveBody(values: CompanyFormValues): Omit<CompanyInput, "id"> {
  return {
    name: values.name?.trim() ?? "",
    creditCode: text(values.creditCode)?.toUpperCase() ?? null,
    district: text(values.district),
    segment: values.segment ?? null,
    address: text(values.address),
    contactPerson: text(values.contactPerson),
    contactPhone: text(values.contactPhone),
  };
}
