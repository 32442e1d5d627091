import { CONTACT_PERSON_MAX, LONG_TEXT_MAX } from "./limits";
import { isContactPhone } from "./phone";
import type { ServiceRecordField } from "./schemas/serviceRecord";

/*
 * SPEC 5's rules for the service record (SPEC 3 enterForm): the one definition the form and the
 * server both check, so a value the form accepts is never refused by the server and the other way
 * round. Messages are keys of the `archive` catalog's `validation` section. The record's fields and
 * calls are the TypeBox schemas of schemas/serviceRecord.ts; the app names their types from here
 * without loading TypeBox.
 */
export type {
  RecordChange,
  RecordChangeField,
  ServiceRecord,
  ServiceRecordField,
  TimelineEvent,
  TimelineKind,
  ServiceRecordFields,
  ServiceRecordFilter,
  ServiceRecordRow,
} from "./schemas/serviceRecord";

/** SPEC's separator of the names in a record's `researchers` text ("张三、李四"). */
export const RESEARCHER_SEPARATOR = "、";

/** The names in a `researchers` text: split at SPEC's separator (or a comma), trimmed, blanks and repeats dropped. */
export function researcherNames(text: string | null | undefined): string[] {
  const names = (text ?? "").split(/[、,，;；]/).map((name) => name.trim()).filter((name) => name !== "");
  return [...new Set(names)];
}

/** Keys under `archive.validation` in src/i18n/locales/{zh-CN,en}/archive.ts. */
export type ServiceRecordMessageKey =
  | "cooperativePartnerRequired"
  | "belongCustomerRequired"
  | "businessOpportunityRequired"
  | "mainBusinessRequired"
  | "serviceContentRequired"
  | "serviceTimeRequired"
  | "contactPhoneRequired"
  | "contactPhoneInvalid"
  | "contactPersonTooLong"
  | "mainBusinessTooLong"
  | "serviceContentTooLong"
  | "timeInvalid"
  | "attachmentInvalid"
  | "attachmentType";

/** SPEC 5's required fields, in the form's order, with their messages. */
export const REQUIRED_FIELDS: readonly { field: ServiceRecordField; message: ServiceRecordMessageKey }[] = [
  { field: "cooperativePartner", message: "cooperativePartnerRequired" },
  { field: "belongCustomer", message: "belongCustomerRequired" },
  { field: "businessOpportunity", message: "businessOpportunityRequired" },
  { field: "mainBusiness", message: "mainBusinessRequired" },
  { field: "serviceContent", message: "serviceContentRequired" },
  { field: "serviceTime", message: "serviceTimeRequired" },
];

export const TEXT_LIMITS = {
  contactPerson: { max: CONTACT_PERSON_MAX, message: "contactPersonTooLong" },
  mainBusiness: { max: LONG_TEXT_MAX, message: "mainBusinessTooLong" },
  serviceContent: { max: LONG_TEXT_MAX, message: "serviceContentTooLong" },
} as const satisfies Partial<Record<ServiceRecordField, { max: number; message: ServiceRecordMessageKey }>>;

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** One character per entity: `&amp;`, `&#38;` and `&#x26;` all stand for "&". */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The text of rich-text HTML: tags and comments dropped, entities decoded. */
export function richText(html: string): string {
  return decodeEntities(html.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]*>/g, ""));
}

/** What the 1000-character limit counts: the text the reader sees, by code point, not the markup. */
export function richTextLength(html: string): number {
  return [...richText(html)].length;
}

const textLength = (text: string) => [...text].length;

/** Editor output with nothing to read (an empty paragraph, a lone line break) is no content. */
function isBlank(field: ServiceRecordField, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  const text = String(value);
  // A picture alone is content, though it has no text.
  if (field === "serviceContent") return richText(text).trim() === "" && !/<img\b/i.test(text);
  return text.trim() === "";
}

export interface FieldError {
  field: ServiceRecordField;
  message: ServiceRecordMessageKey;
}

/**
 * SPEC 5's rules for the form's values, in the form's order: the required fields, the contact
 * phone (when given), then the lengths. The first error is the one to show.
 */
export function validateServiceRecord(values: Partial<Record<ServiceRecordField, unknown>>): FieldError[] {
  const errors: FieldError[] = [];
  for (const { field, message } of REQUIRED_FIELDS) {
    if (isBlank(field, values[field])) errors.push({ field, message });
  }
  const phone = values.contactPersonPhone;
  if (typeof phone === "string" && phone.trim() !== "" && !isContactPhone(phone.trim())) {
    errors.push({ field: "contactPersonPhone", message: "contactPhoneInvalid" });
  }
  for (const [field, { max, message }] of Object.entries(TEXT_LIMITS) as [keyof typeof TEXT_LIMITS, (typeof TEXT_LIMITS)[keyof typeof TEXT_LIMITS]][]) {
    const value = values[field];
    if (typeof value !== "string") continue;
    const length = field === "serviceContent" ? richTextLength(value) : textLength(value);
    if (length > max) errors.push({ field, message });
  }
  return errors;
}
