/**
 * One item of a questionnaire save (POST /api/archives/serviceAnswer): SPEC 7's compId, questionNo
 * and currentAnswer. With `version` (the one the editor loaded) the save is refused when someone
 * changed the answer since; without it the answer simply replaces the stored one.
 */
export interface AnswerItem {
  compId: number;
  questionNo: string;
  currentAnswer: string;
  version?: number;
}

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
