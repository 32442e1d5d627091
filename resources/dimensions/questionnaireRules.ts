import type { Rule } from "antd/es/form";
import { dimensionNameProblem, questionProblem, type QuestionnaireMessageKey } from "../../contract/questionnaires";
import type { Translate } from "../../i18n/types";

/** A form rule from one of the contract's checks, which the server runs on the same value. */
function ruleOf(t: Translate, problem: (text: string) => QuestionnaireMessageKey | null): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const found = problem(typeof value === "string" ? value : "");
      if (found) throw new Error(t(`questionnaires.validation.${found}`));
    },
  };
}

export const dimensionNameRule = (t: Translate): Rule => ruleOf(t, dimensionNameProblem);
export const questionRule = (t: Translate): Rule => ruleOf(t, questionProblem);
export const sortRule = (t: Translate): Rule => ({ required: true, type: "integer", message: t("questionnaires.form.sortRequired") });

/** Where a new item goes by default: after the last one. */
export const nextSort = (items: readonly { sort: number }[]): number =>
  items.reduce((last, item) => Math.max(last, item.sort), 0) + 10;
