import dayjs from "dayjs";
import { DATE_TIME_FORMAT } from "../../contract/dateTime";
import { researcherNames } from "../../contract/serviceRecord";
import type { ServiceRecordFormValues } from "./serviceRecordValues";

/**
 * The visit form's values as a draft stores them (JSON): the pickers' times as text, the rest as the
 * form holds it (the rich text's HTML, the attachment's file id).
 */
export type ServiceRecordDraft = Omit<Partial<ServiceRecordFormValues>, "serviceTime" | "nextFollowTime"> & {
  serviceTime?: string | null;
  nextFollowTime?: string | null;
};

const TIME_FIELDS = ["serviceTime", "nextFollowTime"] as const;

export function toRecordDraft(values: Partial<ServiceRecordFormValues>): ServiceRecordDraft {
  const draft: Record<string, unknown> = { ...values };
  for (const field of TIME_FIELDS) {
    const time = values[field];
    draft[field] = dayjs.isDayjs(time) && time.isValid() ? time.format(DATE_TIME_FORMAT) : null;
  }
  return draft as ServiceRecordDraft;
}

export function fromRecordDraft(draft: ServiceRecordDraft): Partial<ServiceRecordFormValues> {
  const values: Record<string, unknown> = { ...draft };
  for (const field of TIME_FIELDS) {
    const time = draft[field];
    values[field] = typeof time === "string" && dayjs(time, DATE_TIME_FORMAT).isValid() ? dayjs(time, DATE_TIME_FORMAT) : null;
  }
  if (!Array.isArray(values.attachment)) values.attachment = [];
  // A draft written while the researchers were one text field.
  if (typeof values.researchers === "string") values.researchers = researcherNames(values.researchers);
  else if (!Array.isArray(values.researchers)) values.researchers = [];
  return values as Partial<ServiceRecordFormValues>;
}
