import { Type, type Static } from "typebox";
import { HISTORY_FETCH_SIZE, LONG_TEXT_MAX } from "../limits";
import { Count, Id, NullableText, PageNumber, PageOf, PageSize, SearchText } from "./primitives";

/* A company's questionnaire answers and their history. Shapes only; lengths and blanks are checked by the service. */

export const AnswerListBody = Type.Object({
  current: PageNumber,
  size: PageSize(HISTORY_FETCH_SIZE, HISTORY_FETCH_SIZE),
  model: Type.Object({
    compId: Id({ description: "企业编号" }),
    questionNo: Type.Optional(Type.String({ description: "填写：该问题的修改历史（最新在前）；不填：该企业的当前回答" })),
    currentAnswer: Type.Optional(SearchText({ maxLength: LONG_TEXT_MAX, description: "回答包含" })),
  }),
});

/** One edit of an answer (POST /api/archives/queryServiceAnswer with questionNo), newest first. */
export const HistoryEntry = Type.Object({
  id: Type.Integer(),
  createDate: Type.String({ description: "修改时间 YYYY-MM-DD HH:mm:ss" }),
  createBy: NullableText("修改人姓名"),
  historyAnswer: Type.String({ description: "修改前；原先未回答为空字符串" }),
  currentAnswer: Type.String({ description: "修改后" }),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

export const CurrentAnswer = Type.Object({
  questionNo: Type.String(),
  currentAnswer: Type.String(),
  updateDate: Type.String({ description: "最近保存时间 YYYY-MM-DD HH:mm:ss" }),
  updateBy: NullableText("最近保存人姓名"),
});

export const AnswerPage = Type.Union([PageOf(HistoryEntry), PageOf(CurrentAnswer)], { description: "带 questionNo：修改历史；不带：当前回答" });

/**
 * One item of a questionnaire save (POST /api/archives/serviceAnswer): SPEC 7's compId, questionNo
 * and currentAnswer. With `version` (the one the editor loaded) the save is refused when someone
 * changed the answer since; without it the answer simply replaces the stored one.
 */
export const AnswerItem = Type.Object({
  compId: Id(),
  questionNo: Type.String({ minLength: 1 }),
  currentAnswer: Type.String({ description: `回答，不超过 ${LONG_TEXT_MAX} 个字符；空白的不保存` }),
  version: Type.Optional(
    Count({ description: "编辑前读到的版本（queryServiceQuestion 的 version）：带上时他人已先行修改则拒绝（409）；不带时直接成为当前回答" }),
  ),
});
export type AnswerItem = Static<typeof AnswerItem>;

export const AnswerSaveBody = Type.Array(AnswerItem);

export const AnswerSaved = Type.Object({ saved: Type.Integer({ description: "有变化而保存的回答数" }) });

/**
 * A dimension answer's save refused because the stored answer moved on since the editor loaded it
 * (HTTP 409, `result.conflicts`): what someone else saved meanwhile, so the app can name it.
 */
export const AnswerConflict = Type.Object({
  questionNo: Type.String(),
  question: Type.String(),
  editor: NullableText("修改人姓名；其账号已不存在时为 null"),
  editDate: NullableText("修改时间 YYYY-MM-DD HH:mm:ss"),
  currentAnswer: Type.String(),
});
export type AnswerConflict = Static<typeof AnswerConflict>;
