import type { PatentFilter } from "../../contract/schemas/patents";
import type { useT } from "../../src/i18n/I18nContext";

type Translate = ReturnType<typeof useT>;

/** The text fields of a search model in the search form's order, each shown with the form's label. */
const TEXT_FIELDS = ["q", "applicant", "inventor", "ipc", "number", "district"] as const;

/** A watch's search, as the search form names its conditions: 关键词：光刻；申请人：… */
export function describeModel(model: PatentFilter, t: Translate): string {
  const parts: string[] = [];
  for (const field of TEXT_FIELDS) {
    const value = model[field];
    if (value) parts.push(`${t(`patents.search.${field}`)}：${value}`);
  }
  if (model.patentType) parts.push(`${t("patents.search.patentType")}：${t(`patents.types.${model.patentType}`)}`);
  if (model.legalStatus) parts.push(`${t("patents.search.legalStatus")}：${t(`patents.statuses.${model.legalStatus}`)}`);
  if (model.segment) parts.push(`${t("patents.search.segment")}：${t(`companies.segments.${model.segment}`)}`);
  if (model.applyDateBegin || model.applyDateEnd) {
    parts.push(`${t("patents.search.applyDates")}：${t("patents.watches.range", { begin: model.applyDateBegin || "…", end: model.applyDateEnd || "…" })}`);
  }
  if (model.compId !== undefined) parts.push(t("patents.watches.company", { id: model.compId }));
  return parts.join("；");
}

/** The name a saved search is offered: its keywords, else its first condition's value. */
export function suggestedName(model: PatentFilter): string {
  const first = model.q || model.applicant || model.ipc || model.inventor || model.number || model.district || "";
  return first.slice(0, 50);
}
