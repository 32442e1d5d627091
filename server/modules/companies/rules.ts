import {
  COMPANY_FIELDS,
  COMPANY_NAME_MAX,
  COMPANY_TEXT_MAX,
  cleanCompanyField,
  companyFieldProblem,
  type Company,
  type CompanyInput,
  type CompanyProblem,
  type CompanySegment,
} from "../../../contract/companies";
import { CONTACT_PERSON_MAX } from "../../../contract/limits";
import { text, type ServerText } from "../../i18n";

const LIMITS: Partial<Record<CompanyProblem, number>> = {
  nameTooLong: COMPANY_NAME_MAX,
  textTooLong: COMPANY_TEXT_MAX,
  contactPersonTooLong: CONTACT_PERSON_MAX,
};

/** A broken rule in the words the form uses (companies.rules), so both halves say the same. */
export const problemMessage = (problem: CompanyProblem): ServerText => text(`companies.rules.${problem}`, { max: LIMITS[problem] ?? "" });

export const CompanyMessages = {
  notFound: text("server.companies.notFound"),
  nameTaken: text("server.companies.nameTaken"),
  creditCodeTaken: text("server.companies.creditCodeTaken"),
} as const;

/** A company's fields as stored: trimmed, empty as null, the credit code in capitals. */
export type CompanyValues = Omit<Company, "id" | "owners">;

/** The cleaned values, or the first rule they break (the save form and every import row alike). */
export function checkCompany(input: Omit<CompanyInput, "id" | "segment"> & { segment?: string | null }): CompanyValues | { problem: ServerText } {
  for (const field of COMPANY_FIELDS) {
    const problem = companyFieldProblem(field, input[field]);
    if (problem) return { problem: problemMessage(problem) };
  }
  const clean = (field: (typeof COMPANY_FIELDS)[number]) => cleanCompanyField(field, input[field]);
  return {
    // A name that passed the rules is never empty.
    name: clean("name") ?? "",
    creditCode: clean("creditCode"),
    district: clean("district"),
    segment: clean("segment") as CompanySegment | null,
    address: clean("address"),
    contactPerson: clean("contactPerson"),
    contactPhone: clean("contactPhone"),
  };
}
