import { Type } from "typebox";
import { ARCHIVE_PAGE_SIZE } from "../../../../contract/limits";
import { ACCOUNT_OPEN_STATES, EVALUATIONS } from "../../../../contract/valueSets";
import { Id, IdParams, PageNumber, PageSize, SearchText } from "../../../schemas";

/*
 * Shapes only: SPEC 5's rules (contract/serviceRecord.ts) are checked by the service, so each
 * refusal carries the form's own message. Texts may come as null or be left out alike.
 */

const ARCHIVE_MAX_PAGE_SIZE = 100;

const Text = (description: string) => Type.Optional(Type.Union([Type.String(), Type.Null()], { description }));
const NullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
const Evaluation = Type.Enum(EVALUATIONS, { description: "综合评价：excellent 优秀，good 良好，average 一般" });
const OpenState = Type.Enum(ACCOUNT_OPEN_STATES, { description: "是否开通专利导航账号：opened 已开通，notOpened 未开通，noIntention 无意向" });

export const ArchivesPageBody = Type.Object({
  current: PageNumber,
  size: PageSize(ARCHIVE_MAX_PAGE_SIZE, ARCHIVE_PAGE_SIZE),
  model: Type.Object({
    compId: Id({ description: "企业编号" }),
    researchers: Type.Optional(SearchText({ description: "调研人员包含" })),
    contactPerson: Type.Optional(SearchText({ description: "联系人包含" })),
    comprehensiveEvaluation: Type.Optional(Type.Union([Evaluation, Type.Literal("")])),
    serviceTimeBegin: Type.Optional(Type.String({ description: "服务时间起：YYYY-MM-DD 00:00:00 或 YYYY-MM-DD" })),
    serviceTimeEnd: Type.Optional(Type.String({ description: "服务时间止：YYYY-MM-DD，含当天" })),
  }),
});

export const ArchiveRow = Type.Object({
  id: Type.Integer(),
  compId: Type.Integer(),
  researchers: NullableText("调研人员"),
  contactPerson: NullableText("联系人"),
  contactPersonPhone: NullableText("联系电话"),
  comprehensiveEvaluation: Evaluation,
  serviceTime: Type.String({ description: "服务时间 YYYY-MM-DD HH:mm:ss" }),
  createBy: Type.String({ description: "创建人姓名" }),
  createDate: Type.String({ description: "创建时间 YYYY-MM-DD HH:mm:ss" }),
});

export const ArchivePage = Type.Object({
  records: Type.Array(ArchiveRow),
  total: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
});

export const RecordIdParams = IdParams("走访记录编号");

export const ReleaseBody = Type.Object({
  id: Type.Optional(Type.Union([Id(), Type.Null()], { description: "不填为新增；填写为修改该记录" })),
  compId: Id({ description: "企业编号" }),
  researchers: Text("调研人员"),
  contactPerson: Text("联系人，不超过 20 个字符"),
  contactPersonPhone: Text("联系电话：11 位手机号、带区号的座机（可带分机号）或 5-8 位号码"),
  contactPersonPosition: Text("联系人职务"),
  cooperativePartner: Text("合作伙伴（必填）"),
  belongCustomer: Text("所属客户（必填）"),
  businessOpportunity: Text("商机（必填）"),
  comprehensiveEvaluation: Type.Optional(Type.Union([Evaluation, Type.Null(), Type.Literal("")])),
  isOpenPatnavi: Type.Optional(Type.Union([OpenState, Type.Null(), Type.Literal("")])),
  mainBusiness: Text("主营业务需求（必填），不超过 1000 个字符"),
  serviceContent: Text("服务记录（必填）：富文本 HTML，正文不超过 1000 个字符；保存前按白名单清理"),
  serviceTime: Text("服务时间（必填）YYYY-MM-DD HH:mm:ss"),
  nextFollowTime: Text("下次跟进时间 YYYY-MM-DD HH:mm:ss"),
  attachment: Text("附件文件编号：.docx、.xlsx 或 .pptx，小于 10MB"),
});

export const Released = Type.Object({ id: Type.Integer() });

export const ServiceRecordSchema = Type.Object({
  id: Type.Integer(),
  compId: Type.Integer(),
  companyName: Type.String(),
  researchers: NullableText("调研人员"),
  contactPerson: NullableText("联系人"),
  contactPersonPhone: NullableText("联系电话"),
  contactPersonPosition: NullableText("联系人职务"),
  cooperativePartner: Type.String(),
  belongCustomer: Type.String(),
  businessOpportunity: Type.String(),
  comprehensiveEvaluation: Evaluation,
  isOpenPatnavi: OpenState,
  mainBusiness: Type.String(),
  serviceContent: Type.String({ description: "清理后的富文本 HTML" }),
  serviceTime: Type.String(),
  nextFollowTime: NullableText("下次跟进时间"),
  attachment: NullableText("附件文件编号"),
  attachmentName: NullableText("附件原文件名"),
  createBy: Type.String(),
  createDate: Type.String(),
  updateBy: Type.String(),
  updateDate: Type.String(),
});
