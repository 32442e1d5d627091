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

const ProblemMessages: Record<CompanyProblem, string> = {
  nameRequired: "请输入企业名称",
  nameTooLong: `企业名称不能超过 ${COMPANY_NAME_MAX} 个字符`,
  badCreditCode: "请输入正确的统一社会信用代码",
  badSegment: "产业链环节须为设计、制造、封装测试、设备或材料",
  textTooLong: `地址和所在区域不能超过 ${COMPANY_TEXT_MAX} 个字符`,
  contactPersonTooLong: `联系人不能超过 ${CONTACT_PERSON_MAX} 个字符`,
  badPhone: "请输入正确的联系电话",
};

export const CompanyMessages = {
  ...ProblemMessages,
  notFound: "企业不存在",
  nameTaken: "企业名称已存在",
  creditCodeTaken: "统一社会信用代码已被其他企业使用",
} as const;

/** A company's fields as stored: trimmed, empty as null, the credit code in capitals. */
export type CompanyValues = Omit<Company, "id">;

/** The cleaned values, or the first rule they break (the save form and every import row alike). */
export function checkCompany(input: Omit<CompanyInput, "id" | "segment"> & { segment?: string | null }): CompanyValues | { problem: string } {
  for (const field of COMPANY_FIELDS) {
    const problem = companyFieldProblem(field, input[field]);
    if (problem) return { problem: CompanyMessages[problem] };
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
