import { Type, type Static, type TLiteral, type TNull, type TOptional, type TSchema, type TUnion } from "typebox";
import { ARCHIVE_PAGE_SIZE, RESEARCHERS_MAX } from "../limits";
import { ACCOUNT_OPEN_STATES, EVALUATIONS } from "../valueSets";
import { ListSorts } from "../listSorts";
import { Id, IdParams, NullableText, Orders, PageNumber, PageOf, PageSize, SearchText } from "./primitives";

/*
 * The knock-door visit record's calls. Its fields are written once, below: the form's values, the
 * body the form sends, the answers, the database row (server/db/schema.ts) and the benchmark's
 * generated rows all derive from them. Shapes only: SPEC 5's rules (contract/serviceRecord.ts)
 * are checked by the service, so each refusal carries the form's own message.
 */

const ARCHIVE_MAX_PAGE_SIZE = 100;

const Evaluation = Type.Enum(EVALUATIONS, { description: "综合评价：excellent 优秀，good 良好，average 一般" });
const OpenState = Type.Enum(ACCOUNT_OPEN_STATES, { description: "是否开通专利导航账号：opened 已开通，notOpened 未开通，noIntention 无意向" });

/** The record's fields as stored and shown (SPEC 3 enterForm). */
const fields = {
  compId: Id({ description: "企业编号" }),
  researchers: NullableText("调研人员"),
  contactPerson: NullableText("联系人，不超过 20 个字符"),
  contactPersonPhone: NullableText("联系电话：11 位手机号、带区号的座机（可带分机号）或 5-8 位号码"),
  contactPersonPosition: NullableText("联系人职务"),
  cooperativePartner: Type.String({ description: "合作伙伴（必填）" }),
  belongCustomer: Type.String({ description: "所属客户（必填）" }),
  businessOpportunity: Type.String({ description: "商机（必填）" }),
  comprehensiveEvaluation: Evaluation,
  isOpenPatnavi: OpenState,
  mainBusiness: Type.String({ description: "主营业务需求（必填），不超过 1000 个字符" }),
  serviceContent: Type.String({ description: "服务记录（必填）：富文本 HTML，正文不超过 1000 个字符；保存前按白名单清理" }),
  serviceTime: Type.String({ description: "服务时间（必填）YYYY-MM-DD HH:mm:ss" }),
  nextFollowTime: NullableText("下次跟进时间 YYYY-MM-DD HH:mm:ss"),
  attachment: NullableText("附件文件编号：.docx、.xlsx 或 .pptx，小于 10MB"),
};

export const ServiceRecordFields = Type.Object(fields);
export type ServiceRecordFields = Static<typeof ServiceRecordFields>;
export type ServiceRecordField = keyof ServiceRecordFields;

/** What the server answers for one record (GET /api/archives/queryById/{id}). */
export const ServiceRecord = Type.Object({
  id: Type.Integer(),
  ...fields,
  researcherIds: Type.Array(Type.Integer(), { description: "调研人员中的用户（编号，按选择顺序）；researchers 为其姓名与手填姓名，以“、”分隔" }),
  researcherUsers: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }), { description: "researcherIds 的用户及其姓名" }),
  companyName: Type.String(),
  attachmentName: NullableText("附件原文件名"),
  createBy: Type.String({ description: "创建人姓名" }),
  createDate: Type.String({ description: "创建时间 YYYY-MM-DD HH:mm:ss" }),
  updateBy: Type.String({ description: "最近修改人姓名" }),
  updateDate: Type.String({ description: "最近修改时间 YYYY-MM-DD HH:mm:ss" }),
});
export type ServiceRecord = Static<typeof ServiceRecord>;

/** A row of the archive page (POST /api/archives/queryArchivesPage). */
export const ServiceRecordRow = Type.Pick(ServiceRecord, [
  "id",
  "compId",
  "researchers",
  "contactPerson",
  "contactPersonPhone",
  "comprehensiveEvaluation",
  "serviceTime",
  "createBy",
  "createDate",
]);
export type ServiceRecordRow = Static<typeof ServiceRecordRow>;

export const ArchivePage = PageOf(ServiceRecordRow);

export const ServiceRecordFilter = Type.Object({
  compId: Id({ description: "企业编号" }),
  researchers: Type.Optional(SearchText({ description: "调研人员包含" })),
  contactPerson: Type.Optional(SearchText({ description: "联系人包含" })),
  comprehensiveEvaluation: Type.Optional(Type.Union([Evaluation, Type.Literal("")], { description: "空为不限" })),
  serviceTimeBegin: Type.Optional(Type.String({ description: "服务时间起：YYYY-MM-DD 00:00:00 或 YYYY-MM-DD" })),
  serviceTimeEnd: Type.Optional(Type.String({ description: "服务时间止：YYYY-MM-DD，含当天" })),
});
export type ServiceRecordFilter = Static<typeof ServiceRecordFilter>;

export const ArchivesPageBody = Type.Object({
  current: PageNumber,
  size: PageSize(ARCHIVE_MAX_PAGE_SIZE, ARCHIVE_PAGE_SIZE),
  model: ServiceRecordFilter,
  orders: Type.Optional(Orders(ListSorts.serviceRecords)),
});

export const RecordIdParams = IdParams("走访记录编号");

/** A field as the form may send it: left out, null, or (a choice not made) empty. */
type AsSent<T extends TSchema> = TOptional<TUnion<[T, TNull, TLiteral<"">]>>;
const asSent = <T extends TSchema>(schema: T): AsSent<T> => Type.Optional(Type.Union([schema, Type.Null(), Type.Literal("")]));

const { compId, ...formFields } = fields;
type FormFields = typeof formFields;
const sentFields = Object.fromEntries(Object.entries(formFields).map(([name, schema]) => [name, asSent(schema)])) as {
  [K in keyof FormFields]: AsSent<FormFields[K]>;
};

/** POST /api/archives/releaseArchives: without an id a new record, with one an edit of it. */
export const ReleaseBody = Type.Object({
  id: Type.Optional(Type.Union([Id(), Type.Null()], { description: "不填为新增；填写为修改该记录" })),
  compId,
  ...sentFields,
  researcherIds: Type.Optional(
    Type.Array(Id(), {
      maxItems: RESEARCHERS_MAX,
      description:
        "调研人员中的用户编号（可使用敲门服务档案的在用账号）。给出时 researchers 只需写协会外人员的姓名（以“、”分隔），保存的 researchers 为这些用户的姓名加手填姓名；不给时按 researchers 原文保存（SPEC 7）",
    }),
  ),
});
/** What the service receives: every field but the company may be missing, null or empty. */
export type RecordInput = Static<typeof ReleaseBody>;

export const Released = Type.Object({ id: Type.Integer() });
