/*
 * A company's questionnaire answers travel as the TypeBox schemas of schemas/answers.ts (AnswerItem,
 * AnswerConflict); the app names their types from here without loading TypeBox.
 */
export type { AnswerConflict, AnswerItem, HistoryEntry } from "./schemas/answers";
