import { isValidCreditCode } from "../../../contract/account";
import { COMPANY_NAME_MAX, COMPANY_SEGMENTS, COMPANY_TEXT_MAX, type CompanyInput, type CompanySegment } from "../../../contract/companies";
import { CONTACT_PERSON_MAX } from "../../../contract/limits";
import { isContactPhone } from "../../../contract/phone";

export const CompanyMessages = {
  notFound: "企业不存在",
  nameRequired: "请输入企业名称",
  nameTooLong: `企业名称不能超过 ${COMPANY_NAME_MAX} 个字符`,
  badCreditCode: "请输入正确的统一社会信用代码",
  badSegment: "产业链环节须为设计、制造、封装测试、设备或材料",
  textTooLong: `地址和所在区域不能超过 ${COMPANY_TEXT_MAX} 个字符`,
  contactPersonTooLong: `联系人不能超过 ${CONTACT_PERSON_MAX} 个字符`,
  badPhone: "请输入正确的联系电话",
  nameTaken: "企业名称已存在",
  creditCodeTaken: "统一社会信用代码已被其他企业使用",
} as const;

/** A company's fields as stored: trimmed, empty as null, the credit code in capitals. */
export interface CompanyValues {
  name: string;
  creditCode: string | null;
  district: string | null;
  segment: CompanySegment | null;
  address: string | null;
  contactPerson: string | null;
  contactPhone: string | null;
}

const optional = (text: string | null | undefined): string | null => {
  const value = text?.trim() ?? "";
  return value ? value : null;
};
const chars = (text: string | null) => (text === null ? 0 : [...text].length);
const isSegment = (value: string): value is CompanySegment => (COMPANY_SEGMENTS as readonly string[]).includes(value);

/** The cleaned values, or the first rule they break (the save form and every import row alike). */
export function checkCompany(input: Omit<CompanyInput, "id" | "segment"> & { segment?: string | null }): CompanyValues | { problem: string } {
  const name = input.name.trim();
  if (!name) return { problem: CompanyMessages.nameRequired };
  if (chars(name) > COMPANY_NAME_MAX) return { problem: CompanyMessages.nameTooLong };
  const creditCode = optional(input.creditCode)?.toUpperCase() ?? null;
  if (creditCode !== null && !isValidCreditCode(creditCode)) return { problem: CompanyMessages.badCreditCode };
  const segment = optional(input.segment);
  if (segment !== null && !isSegment(segment)) return { problem: CompanyMessages.badSegment };
  const district = optional(input.district);
  const address = optional(input.address);
  if (chars(district) > COMPANY_TEXT_MAX || chars(address) > COMPANY_TEXT_MAX) return { problem: CompanyMessages.textTooLong };
  const contactPerson = optional(input.contactPerson);
  if (chars(contactPerson) > CONTACT_PERSON_MAX) return { problem: CompanyMessages.contactPersonTooLong };
  const contactPhone = optional(input.contactPhone);
  if (contactPhone !== null && !isContactPhone(contactPhone)) return { problem: CompanyMessages.badPhone };
  return { name, creditCode, district, segment, address, contactPerson, contactPhone };
}
