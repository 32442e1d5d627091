import { Type } from "typebox";
import { HISTORY_FETCH_SIZE, LONG_TEXT_MAX } from "../../../../contract/limits";
import { Count, Id, PageNumber, PageSize, SearchText } from "../../../schemas";

/* Shapes only; lengths and blanks are checked by the service, so the refusal says so in Chinese. */

export const AnswerListBody = Type.Object({
  current: PageNumber,
  size: PageSize(HISTORY_FETCH_SIZE, HISTORY_FETCH_SIZE),
  model: Type.Object({
    compId: Id({ description: "企业编号" }),
    questionNo: Type.Optional(Type.String({ description: "填写：该问题的修改历史（最新在前）；不填：该企业的当前回答" })),
    currentAnswer: Type.Optional(SearchText({ maxLength: LONG_TEXT_MAX, description: "回答包含" })),
  }),
});

export const HistoryEntry = Type.Object({
  id: Type.Integer(),
  createDate: Type.String({ description: "修改时间 YYYY-MM-DD HH:mm:ss" }),
  createBy: Type.Union([Type.String(), Type.Null()], { description: "修改人姓名" }),
  historyAnswer: Type.String({ description: "修改前；原先未回答为空字符串" }),
  currentAnswer: Type.String({ description: "修改后" }),
});

export const CurrentAnswer = Type.Object({
  questionNo: Type.String(),
  currentAnswer: Type.String(),
  updateDate: Type.String({ description: "最近保存时间 YYYY-MM-DD HH:mm:ss" }),
  updateBy: Type.Union([Type.String(), Type.Null()], { description: "最近保存人姓名" }),
});

const pageOf = <T extends Parameters<typeof Type.Array>[0]>(record: T) =>
  Type.Object({ records: Type.Array(record), total: Type.Integer(), current: Type.Integer(), size: Type.Integer() });

export const AnswerPage = Type.Union([pageOf(HistoryEntry), pageOf(CurrentAnswer)], { description: "带 questionNo：修改历史；不带：当前回答" });

export const AnswerSaveBody = Type.Array(
  Type.Object({
    compId: Id(),
    questionNo: Type.String({ minLength: 1 }),
    currentAnswer: Type.String({ description: `回答，不超过 ${LONG_TEXT_MAX} 个字符；空白的不保存` }),
    version: Type.Optional(
      Count({ description: "编辑前读到的版本（queryServiceQuestion 的 version）：带上时他人已先行修改则拒绝（409）；不带时直接成为当前回答" }),
    ),
  }),
);

export const AnswerSaved = Type.Object({ saved: Type.Integer({ description: "有变化而保存的回答数" }) });
