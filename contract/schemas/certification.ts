import { Type, type Static } from "typebox";
import { CERTIFICATION_STATES } from "../account";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../limits";
import { ListSorts } from "../listSorts";
import { Id, IdParams, NullableText, Orders, PageNumber, PageOf, PageSize } from "./primitives";

/* Enterprise certification: what a member submits and what the applicant and the reviewers see. */

const State = Type.Enum(CERTIFICATION_STATES, { description: "submitted 已提交，reviewing 审核中，approved 已通过，rejected 未通过" });

/** What a member submits for enterprise certification. */
export const CertificationApplication = Type.Object({
  companyName: Type.String({ description: "企业名称" }),
  creditCode: Type.String({ description: "统一社会信用代码（18 位，按 GB 32100-2015 校验）" }),
  contactPerson: Type.String({ description: "联系人" }),
  contactPhone: Type.String({ description: "联系电话：手机号或带区号的座机" }),
  licenseFileId: Type.String({ description: "营业执照图片的文件编号（/api/files/upload 的 result.id）" }),
});
export type CertificationApplication = Static<typeof CertificationApplication>;

const certificationFields = {
  ...CertificationApplication.properties,
  id: Type.Integer(),
  state: State,
  rejectReason: NullableText("驳回原因"),
  createdAt: Type.String({ description: "提交时间 YYYY-MM-DD HH:mm:ss" }),
  reviewedAt: NullableText("审核时间 YYYY-MM-DD HH:mm:ss"),
};

/** What the applicant sees of an application and its review. */
export const Certification = Type.Object(certificationFields);
export type Certification = Static<typeof Certification>;

export const MaybeCertification = Type.Union([Certification, Type.Null()], { description: "最近一次认证申请；从未申请时为 null" });

export const ReviewedCertification = Type.Object({
  ...certificationFields,
  userId: Type.Integer({ description: "申请人的用户编号" }),
  username: Type.String({ description: "申请人的用户名" }),
  name: Type.String({ description: "申请人的姓名" }),
});
export type ReviewedCertification = Static<typeof ReviewedCertification>;

export const CertificationPageBody = Type.Object({
  current: PageNumber,
  size: PageSize(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  model: Type.Optional(Type.Object({ state: Type.Optional(State) })),
  orders: Type.Optional(Orders(ListSorts.certifications)),
});

export const CertificationPage = PageOf(ReviewedCertification);

export const CertificationParams = IdParams("认证申请编号");

export const ApproveBody = Type.Object({ id: Id() });

export const RejectBody = Type.Object({
  id: Id(),
  reason: Type.String({ description: "驳回原因" }),
});
