import { LONG_TEXT_MAX } from "./limits";

/**
 * Questionnaire administration (the dimension tabs of the service archive and their questions):
 * the rules the forms and the server both check, with the one Chinese wording of their messages,
 * which the zh-CN catalog shows and the server answers.
 */

export const QUESTION_MAX = LONG_TEXT_MAX;
/** A dimension's name is a tab label. */
export const DIMENSION_NAME_MAX = 30;
export const SORT_MIN = 0;
export const SORT_MAX = 9999;

export const QuestionnaireMessages = {
  dimensionNameRequired: "请输入维度名称",
  dimensionNameTooLong: `维度名称不能超过 ${DIMENSION_NAME_MAX} 个字符`,
  questionRequired: "请输入问题内容",
  questionTooLong: `问题不能超过 ${QUESTION_MAX} 个字符`,
  questionAnswered: "该问题已有企业回答，不能删除",
  dimensionHasQuestions: "该维度下还有问题，不能删除",
} as const;

export type QuestionnaireMessageKey = keyof typeof QuestionnaireMessages;

/** Text length as the user counts it: by characters, not UTF-16 units. */
export const charCount = (text: string): number => [...text].length;

/** What is wrong with a dimension name (it is saved trimmed), or null. */
export function dimensionNameProblem(name: string): QuestionnaireMessageKey | null {
  const trimmed = name.trim();
  if (!trimmed) return "dimensionNameRequired";
  return charCount(trimmed) > DIMENSION_NAME_MAX ? "dimensionNameTooLong" : null;
}

/** What is wrong with a question's text (it is saved trimmed), or null. */
export function questionProblem(text: string): QuestionnaireMessageKey | null {
  const trimmed = text.trim();
  if (!trimmed) return "questionRequired";
  return charCount(trimmed) > QUESTION_MAX ? "questionTooLong" : null;
}

/* The questionnaire's wire shapes are TypeBox schemas in schemas/questionnaires.ts; the app names their types from here without loading TypeBox. */
export type { AdminDimension, AdminQuestion, Dimension, DimensionInput, IsReq, QuestionInput, ServiceQuestion } from "./schemas/questionnaires";
