import dayjs, { type Dayjs } from "dayjs";
import { DATE_TIME_FORMAT } from "../../contract/dateTime";
import { richText, type ServiceRecord, type ServiceRecordFields } from "../../contract/serviceRecord";
import { DEFAULT_ACCOUNT_OPEN_STATE, DEFAULT_EVALUATION } from "../../contract/valueSets";
import { researcherPicks, researchersPayload } from "./researchers";

/**
 * The form's values: the pickers hold Dayjs, the upload control a list of file ids, the researcher
 * picker one value a researcher (a user's pick or a typed name, ./researchers.ts).
 */
export type ServiceRecordFormValues = Omit<ServiceRecordFields, "serviceTime" | "nextFollowTime" | "attachment" | "researchers"> & {
  researchers: string[];
  serviceTime: Dayjs | null;
  nextFollowTime: Dayjs | null;
  attachment: string[];
};

/** A new record: SPEC 3/9 defaults (evaluation Average, account not opened) for the given company. */
export function newRecordValues(compId: number | undefined): Partial<ServiceRecordFormValues> {
  return {
    compId,
    comprehensiveEvaluation: DEFAULT_EVALUATION,
    isOpenPatnavi: DEFAULT_ACCOUNT_OPEN_STATE,
    researchers: [],
    attachment: [],
    serviceTime: null,
    nextFollowTime: null,
  };
}

const dateTime = (value: string | null | undefined): Dayjs | null => (value ? dayjs(value, DATE_TIME_FORMAT) : null);

/** A loaded record as the form shows it. */
export function recordValues(record: ServiceRecord): Partial<ServiceRecordFormValues> {
  return {
    ...record,
    researchers: researcherPicks(record.researchers, record.researcherUsers),
    serviceTime: dateTime(record.serviceTime),
    nextFollowTime: dateTime(record.nextFollowTime),
    attachment: record.attachment ? [record.attachment] : [],
  };
}

const optional = (value: string | null | undefined): string | null => value?.trim() || null;

/**
 * The form's values as releaseArchives takes them; cleared optional fields go as null. The picked
 * users go as researcherIds, the typed names as the text, to which the server adds the users' names.
 */
export function toPayload(values: ServiceRecordFormValues): ServiceRecordFields & { researcherIds: number[] } {
  return {
    ...values,
    compId: Number(values.compId),
    ...researchersPayload(values.researchers),
    contactPerson: optional(values.contactPerson),
    contactPersonPhone: optional(values.contactPersonPhone),
    contactPersonPosition: optional(values.contactPersonPosition),
    serviceTime: values.serviceTime ? values.serviceTime.format(DATE_TIME_FORMAT) : "",
    nextFollowTime: values.nextFollowTime ? values.nextFollowTime.format(DATE_TIME_FORMAT) : null,
    attachment: values.attachment[0] ?? null,
  };
}

/** The pictures of rich text, by address: a picture alone is content. */
const picturesOf = (html: string): string[] => [...html.matchAll(/<img\b[^>]*?\bsrc\s*=\s*["']([^"']*)["']/gi)].map((m) => m[1]);

/**
 * A field's value as the user sees it: blanks all alike, times as shown, rich text by its text and
 * pictures (the editor may rewrite the markup of what it loaded without anyone typing).
 */
function shown(field: string, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (dayjs.isDayjs(value)) return value.format(DATE_TIME_FORMAT);
  if (field === "serviceContent") return JSON.stringify([richText(String(value)).trim(), picturesOf(String(value))]);
  if (typeof value === "string") return value.trim();
  return JSON.stringify(value);
}

/**
 * Whether the form's fields (`current`) hold something typed since it opened with `initial`: what
 * leaving would lose. `initial` may carry more than the fields (a loaded record's names and dates).
 */
export function changedFrom(initial: Partial<ServiceRecordFormValues>, current: Partial<ServiceRecordFormValues>): boolean {
  const fields = Object.keys(current) as (keyof ServiceRecordFormValues)[];
  return fields.some((field) => shown(field, initial[field]) !== shown(field, current[field]));
}
