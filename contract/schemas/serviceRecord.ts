import { Type, type Static, type TLiteral, type TNull, type TOptional, type TSchema, type TUnion } from "typebox";
import { ARCHIVE_PAGE_SIZE, RESEARCHERS_MAX, VOID_REASON_MAX } from "../limits";
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
  version: Type.Integer({ description: "版本：每次修改加一；修改时带上所依据的版本，已被他人改过则 409" }),
  voided: Type.Boolean({ description: "已作废：记录保留，不再计为走访" }),
  voidedBy: NullableText("作废人姓名"),
  voidedAt: NullableText("作废时间 YYYY-MM-DD HH:mm:ss"),
  voidReason: NullableText("作废原因"),
  editable: Type.Boolean({ description: "调用者可以修改或作废此记录：未作废，且为创建人或可修改他人记录（serviceFiles:editAny）" }),
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
  "voided",
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
  id: Type.Optional(Type.Union([Id(), Type.Null()], { description: "不填为新增；填写为修改该记录（创建人或可修改他人记录者；未给出的字段保持原值）" })),
  version: Type.Optional(
    Id({ description: "修改所依据的版本（queryById 的 version）；记录已是其他版本时 409 并说明谁改了哪些字段。不给则不检查（SPEC 7）" }),
  ),
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

/** POST /api/archives/voidRecord: a record is voided with a reason, never deleted. */
export const VoidBody = Type.Object({
  id: Id({ description: "走访记录编号" }),
  reason: Type.String({ minLength: 1, maxLength: VOID_REASON_MAX, description: `作废原因（必填），不超过 ${VOID_REASON_MAX} 个字符` }),
  version: Type.Optional(Id({ description: "作废所依据的版本；记录已被修改则 409" })),
});

/** What history names a change of: a record field, or the voiding. */
export const RECORD_CHANGE_FIELDS = [...Object.keys(fields), "voided"] as (ServiceRecordField | "voided")[];
export type RecordChangeField = ServiceRecordField | "voided";

export const RecordHistoryBody = Type.Object({
  current: PageNumber,
  size: PageSize(ARCHIVE_MAX_PAGE_SIZE, ARCHIVE_PAGE_SIZE),
  model: Type.Object({ id: Id({ description: "走访记录编号" }) }),
});

/** One changed field of an edit, or a voiding (field "voided", after: the reason). */
export const RecordChange = Type.Object({
  id: Type.Integer(),
  version: Type.Integer({ description: "这次修改产生的版本" }),
  field: Type.String({ description: "字段名（ServiceRecord 的字段），作废为 voided" }),
  before: NullableText("修改前：企业为企业名称，附件为文件名，评价与开通状态为代码，服务记录为 HTML"),
  after: NullableText("修改后（作废时为原因）"),
  editor: Type.String({ description: "修改人姓名" }),
  editedAt: Type.String({ description: "修改时间 YYYY-MM-DD HH:mm:ss" }),
});
export type RecordChange = Static<typeof RecordChange>;
export const RecordHistoryPage = PageOf(RecordChange);

/** The kinds of event on a company's timeline (动态). */
export const TIMELINE_KINDS = ["visit", "recordEdit", "recordVoid", "answer"] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TimelineBody = Type.Object({
  current: PageNumber,
  size: PageSize(ARCHIVE_MAX_PAGE_SIZE, ARCHIVE_PAGE_SIZE),
  model: Type.Object({ compId: Id({ description: "企业编号" }) }),
});

/** One event of a company's timeline, newest first: a visit, a record's field edited or the record voided, an answer changed. */
export const TimelineEvent = Type.Object({
  key: Type.String({ description: "事件的唯一键" }),
  kind: Type.Enum(TIMELINE_KINDS, { description: "visit 走访，recordEdit 修改记录字段，recordVoid 作废记录，answer 修改问卷答案" }),
  time: Type.String({ description: "走访为服务时间，其余为修改时间 YYYY-MM-DD HH:mm:ss" }),
  actor: NullableText("走访为记录人，其余为修改人"),
  recordId: Type.Union([Type.Integer(), Type.Null()], { description: "走访记录编号（走访、修改、作废）" }),
  questionNo: NullableText("问题编号（答案）"),
  question: NullableText("问题（答案）"),
  field: NullableText("修改的字段（recordEdit）"),
  before: NullableText("修改前（recordEdit、answer）"),
  after: NullableText("修改后（recordEdit、answer），作废原因（recordVoid）"),
  researchers: NullableText("调研人员（visit）"),
  evaluation: Type.Union([Evaluation, Type.Null()], { description: "综合评价（visit）" }),
  voided: Type.Boolean({ description: "走访记录已作废（visit）" }),
});
export type TimelineEvent = Static<typeof TimelineEvent>;
export const TimelinePage = PageOf(TimelineEvent);
