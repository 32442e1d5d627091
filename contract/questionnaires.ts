import type { Page } from "./envelope";
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

export type IsReq = "1" | "0";

/** A row of POST /api/archives/dimension/list. */
export interface AdminDimension {
  serviceNo: string;
  serviceName: string;
  /** The IP dimension, marked with a red asterisk like its archive tab. */
  isIp: boolean;
  sort: number;
  /** Only a dimension without questions can be deleted. */
  questionCount: number;
}

/** A row of POST /api/archives/question/list. */
export interface AdminQuestion {
  questionNo: string;
  serviceNo: string;
  question: string;
  isReq: IsReq;
  sort: number;
  /** Some company has answered it (now or in the history): it cannot be deleted. */
  answered: boolean;
}

export type AdminDimensionPage = Page<AdminDimension>;
export type AdminQuestionPage = Page<AdminQuestion>;

/** POST /api/archives/dimension/save: without serviceNo a new dimension. */
export interface DimensionInput {
  serviceNo?: string;
  serviceName: string;
  sort: number;
}

/** POST /api/archives/question/save: without questionNo a new question. */
export interface QuestionInput {
  questionNo?: string;
  serviceNo: string;
  question: string;
  isReq: IsReq;
  sort: number;
}
