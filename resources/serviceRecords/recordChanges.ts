import { richText, type RecordChangeField } from "../../contract/serviceRecord";
import type { Translate } from "../../i18n/types";

/**
 * A value of a record's history as people read it: the history keeps the evaluation and the
 * account state as codes and the service record as HTML; the company and the attachment it keeps
 * by name already.
 */
export function changedValueText(field: string, value: string | null, t: Translate): string {
  if (value === null || value.trim() === "") return t("archive.recordHistory.emptyValue");
  if (field === "comprehensiveEvaluation") return t(`archive.evaluation.${value}`);
  if (field === "isOpenPatnavi") return t(`archive.accountOpen.${value}`);
  if (field === "serviceContent") return richText(value).trim() || t("archive.recordHistory.emptyValue");
  return value;
}

/** The name of a record field in the reader's language: the form's label, or the voiding's own. */
export const changedFieldName = (field: string, t: Translate): string =>
  field === "voided" ? t("archive.recordHistory.voidedField") : t(`archive.form.${field as Exclude<RecordChangeField, "voided">}`);
