import { Type, type Static } from "typebox";
import { MAX_PAGE_SIZE } from "../limits";
import { DIMENSION_NAME_MAX, QUESTION_MAX, SORT_MAX, SORT_MIN } from "../questionnaires";
import { Id, NullableText, PageNumber, PageOf, PageSize } from "./primitives";

/* The questionnaire: its dimensions (archive tabs) and questions. Shapes only; the rules are checked by the service. */

const IsReq = Type.Union([Type.Literal("1"), Type.Literal("0")], { description: "1 必答，0 选答" });
export type IsReq = Static<typeof IsReq>;
const Sort = Type.Integer({ minimum: SORT_MIN, maximum: SORT_MAX, title: "排序", description: "排序，小的在前" });
/** The administrators' lists are short: one page of up to MAX_PAGE_SIZE unless asked otherwise. */
const PageFields = {
  current: Type.Optional(PageNumber),
  size: Type.Optional(PageSize(MAX_PAGE_SIZE, MAX_PAGE_SIZE)),
};

/** A dimension tab (GET /api/archives/queryDimension). */
export const Dimension = Type.Object({
  serviceNo: Type.String({ description: "维度编码（问卷页签）" }),
  serviceName: Type.String({ description: "维度名称" }),
  isIp: Type.Boolean({ description: "是否为知识产权维度（页签显示红色星号）" }),
  sort: Type.Integer({ description: "排序，小的在前" }),
});
export type Dimension = Static<typeof Dimension>;

export const QuestionListBody = Type.Object({
  compId: Id({ description: "企业编号" }),
  serviceType: Type.String({ minLength: 1, description: "维度编码（serviceNo）" }),
});

/** One question of a dimension with the company's current answer (POST /api/archives/queryServiceQuestion). */
export const ServiceQuestion = Type.Object({
  questionNo: Type.String(),
  question: Type.String(),
  isReq: IsReq,
  serviceNo: Type.String(),
  serviceName: Type.String(),
  serviceType: Type.String({ description: "同 serviceNo" }),
  currentAnswer: Type.String({ description: "该企业的当前回答；未回答为空字符串" }),
  version: Type.Integer({ description: "当前回答的版本，保存时原样带回；未回答为 0" }),
  lastEditDate: NullableText("最近一次修改时间 YYYY-MM-DD HH:mm:ss；无历史为 null"),
  lastEditor: NullableText("最近一次修改人姓名；无历史为 null"),
  createDate: Type.String({ description: "问题创建时间 YYYY-MM-DD HH:mm:ss" }),
  createBy: NullableText("问题创建人姓名；随系统预置为 null"),
});
export type ServiceQuestion = Static<typeof ServiceQuestion>;

/** POST /api/archives/dimension/save: without serviceNo a new dimension. */
export const DimensionInput = Type.Object({
  serviceNo: Type.Optional(Type.String({ minLength: 1, description: "不填为新增维度；填写为修改该维度" })),
  serviceName: Type.String({ description: `维度名称，不超过 ${DIMENSION_NAME_MAX} 个字符` }),
  sort: Sort,
});
export type DimensionInput = Static<typeof DimensionInput>;

export const DimensionListBody = Type.Object(PageFields);

/** A row of POST /api/archives/dimension/list; only a dimension without questions can be deleted. */
export const AdminDimension = Type.Object({
  ...Dimension.properties,
  questionCount: Type.Integer({ description: "问题数；为 0 时才能删除" }),
});

export type AdminDimension = Static<typeof AdminDimension>;

export const DimensionPage = PageOf(AdminDimension);

export const DimensionDeleteBody = Type.Object({ serviceNo: Type.String({ minLength: 1, description: "维度编码" }) });

/** POST /api/archives/question/save: without questionNo a new question. */
export const QuestionInput = Type.Object({
  questionNo: Type.Optional(Type.String({ minLength: 1, description: "不填为新增问题；填写为修改该问题" })),
  serviceNo: Type.String({ minLength: 1, description: "所属维度编码" }),
  question: Type.String({ description: `问题内容，不超过 ${QUESTION_MAX} 个字符` }),
  isReq: IsReq,
  sort: Sort,
});
export type QuestionInput = Static<typeof QuestionInput>;

export const QuestionAdminListBody = Type.Object({
  serviceNo: Type.String({ minLength: 1, description: "维度编码" }),
  ...PageFields,
});

export const QuestionDeleteBody = Type.Object({ questionNo: Type.String({ minLength: 1 }) });

export const Question = Type.Object({
  questionNo: Type.String(),
  serviceNo: Type.String(),
  question: Type.String(),
  isReq: IsReq,
  sort: Type.Integer(),
});

/** A row of POST /api/archives/question/list; a question some company answered cannot be deleted. */
export const AdminQuestion = Type.Object({
  ...Question.properties,
  answered: Type.Boolean({ description: "是否已有企业回答（含历史）；已回答的不能删除" }),
});

export type AdminQuestion = Static<typeof AdminQuestion>;

export const QuestionPage = PageOf(AdminQuestion);
