/**
 * A dimension answer's save refused because the stored answer moved on since the editor loaded it
 * (HTTP 409, `result.conflicts`): what someone else saved meanwhile, so the app can name it.
 */
export interface AnswerConflict {
  questionNo: string;
  question: string;
  /** Null when the editor's account no longer exists. */
  editor: string | null;
  editDate: string | null;
  currentAnswer: string;
}
