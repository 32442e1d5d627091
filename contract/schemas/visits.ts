import { Type, type Static } from "typebox";
import { COMPANY_SEGMENTS } from "../companies";
import { DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES } from "../limits";
import { ListSorts } from "../listSorts";
import { EVALUATIONS } from "../valueSets";
import { Id, NullableText, Orders, PageNumber, PageOf } from "./primitives";

/* Every visit record the caller may see, across companies (/visits, issue 11): the list and its .xlsx export. */

const DateText = (description: string) => Type.String({ maxLength: 19, description: `${description}：YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss` });

/** The filters of the visit list and of its export. */
export const VisitFilter = Type.Object({
  compId: Type.Optional(Id({ description: "企业编号（数据范围外的企业 403）" })),
  researcherId: Type.Optional(Id({ description: "调研人员（用户编号）：该用户参与的走访" })),
  serviceTimeBegin: Type.Optional(DateText("服务时间起")),
  serviceTimeEnd: Type.Optional(DateText("服务时间止（只有日期时含当天）")),
  comprehensiveEvaluation: Type.Optional(Type.Union([Type.Enum(EVALUATIONS), Type.Literal("")], { description: "综合评价：excellent、good、average；空为不限" })),
  segment: Type.Optional(
    Type.Union([Type.Enum(COMPANY_SEGMENTS), Type.Literal("")], { description: "企业的产业链环节：design、manufacturing、packagingTest、equipment、materials；空为不限" }),
  ),
  district: Type.Optional(Type.String({ maxLength: 100, description: "企业的所在区域（区域代码或登记的文字，去掉首尾空白后一致）；空为不限" })),
});
export type VisitFilter = Static<typeof VisitFilter>;

export const VisitPageBody = Type.Object({
  current: PageNumber,
  size: Type.Enum([...LIST_PAGE_SIZES], { default: DEFAULT_PAGE_SIZE, description: "每页条数：10、50、100、500 或 1000" }),
  model: Type.Optional(VisitFilter),
  orders: Type.Optional(Orders(ListSorts.visits)),
});
export type VisitPageBody = Static<typeof VisitPageBody>;

export const VisitExportBody = Type.Object({
  model: Type.Optional(VisitFilter),
  orders: Type.Optional(Orders(ListSorts.visits)),
});
export type VisitExportBody = Static<typeof VisitExportBody>;

/** One row of POST /api/archives/visits/listData. */
export const VisitRow = Type.Object({
  id: Type.Integer(),
  compId: Type.Integer(),
  companyName: Type.String(),
  segment: Type.Union([Type.Enum(COMPANY_SEGMENTS), Type.Null()], { description: "企业的产业链环节" }),
  researchers: NullableText("调研人员"),
  contactPerson: NullableText("联系人"),
  contactPersonPhone: NullableText("联系电话"),
  comprehensiveEvaluation: Type.Enum(EVALUATIONS),
  serviceTime: Type.String({ description: "服务时间 YYYY-MM-DD HH:mm:ss" }),
});
export type VisitRow = Static<typeof VisitRow>;

export const VisitPage = PageOf(VisitRow);

/** A user a visit's researcher may be (GET /api/archives/researcherCandidates). */
export const Researcher = Type.Object({ id: Type.Integer(), name: Type.String({ description: "姓名（无姓名时为用户名）" }) });
export type Researcher = Static<typeof Researcher>;
export const Researchers = Type.Array(Researcher);
