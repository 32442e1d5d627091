import { Type, type TSchema } from "typebox";
import { MAX_PAGE_SIZE } from "../../../../contract/limits";
import { DIMENSION_NAME_MAX, QUESTION_MAX, SORT_MAX, SORT_MIN } from "../../../../contract/questionnaires";
import { Id, PageNumber, PageSize } from "../../../schemas";

/* Shapes only; the rules (known dimension, text not blank) are checked by the service, in Chinese. */

const IsReq = Type.Union([Type.Literal("1"), Type.Literal("0")], { description: "1 必答，0 选答" });
const NullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
const Sort = Type.Integer({ minimum: SORT_MIN, maximum: SORT_MAX, title: "排序", description: "排序，小的在前" });
/** The administrators' lists are short: one page of up to MAX_PAGE_SIZE unless asked otherwise. */
const PageFields = {
  current: Type.Optional(PageNumber),
  size: Type.Optional(PageSize(MAX_PAGE_SIZE, MAX_PAGE_SIZE)),
};
const PageOf = <T extends TSchema>(record: T) =>
  Type.Object({ records: Type.Array(record), total: Type.Integer(), current: Type.Integer(), size: Type.Integer() });

export const Dimension = Type.Object({
  serviceNo: Type.String({ description: "维度编码（问卷页签）" }),
  serviceName: Type.String({ description: "维度名称" }),
  isIp: Type.Boolean({ description: "是否为知识产权维度（页签显示红色星号）" }),
  sort: Type.Integer({ description: "排序，小的在前" }),
});

export const QuestionListBody = Type.Object({
  compId: Id({ description: "企业编号" }),
  serviceType: Type.String({ minLength: 1, description: "维度编码（serviceNo）" }),
});

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

export const DimensionSaveBody = Type.Object({
  serviceNo: Type.Optional(Type.String({ minLength: 1, description: "不填为新增维度；填写为修改该维度" })),
  serviceName: Type.String({ description: `维度名称，不超过 ${DIMENSION_NAME_MAX} 个字符` }),
  sort: Sort,
});

export const DimensionListBody = Type.Object(PageFields);

export const AdminDimension = Type.Object({
  ...Dimension.properties,
  questionCount: Type.Integer({ description: "问题数；为 0 时才能删除" }),
});

export const DimensionPage = PageOf(AdminDimension);

export const DimensionDeleteBody = Type.Object({ serviceNo: Type.String({ minLength: 1, description: "维度编码" }) });

export const QuestionSaveBody = Type.Object({
  questionNo: Type.Optional(Type.String({ minLength: 1, description: "不填为新增问题；填写为修改该问题" })),
  serviceNo: Type.String({ minLength: 1, description: "所属维度编码" }),
  question: Type.String({ description: `问题内容，不超过 ${QUESTION_MAX} 个字符` }),
  isReq: IsReq,
  sort: Sort,
});

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

export const AdminQuestion = Type.Object({
  ...Question.properties,
  answered: Type.Boolean({ description: "是否已有企业回答（含历史）；已回答的不能删除" }),
});

export const QuestionPage = PageOf(AdminQuestion);
