import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LogAction } from "../../../contract/logActions";
import { MenuCode } from "../../../contract/menus";
import { signedInUser } from "../../plugins/auth";
import { Enveloped, ok } from "../../plugins/envelope";
import { addUserInfoEnricher } from "../auth/userInfo";
import {
  ApproveBody,
  Certification,
  CertificationApplication,
  CertificationPage,
  CertificationPageBody,
  CertificationParams,
  MaybeCertification,
  RejectBody,
  ReviewedCertification,
} from "../../../contract/schemas/certification";
import { Certifications, companyAndCertificationOf } from "./service";

const TAGS = ["企业认证"];

/** Members apply for enterprise certification and follow it; administrators review the applications. */
const certificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const certifications = new Certifications({ db: app.db, dialect: app.dialect, timeZone: app.config.timeZone });
  // POST /uaa/accounts/getUserInfo tells the app the user's company and certification state.
  addUserInfoEnricher(app, (info) => companyAndCertificationOf(app.db, info.id));

  app.post(
    "/api/certification/submit",
    {
      config: { access: MenuCode.CERTIFICATION_APPLY, logAction: LogAction.certificationSubmitted },
      schema: { tags: TAGS, summary: "提交企业认证申请", body: CertificationApplication, response: { 200: Enveloped(Certification) } },
    },
    async (request) => ok(await certifications.submit(signedInUser(request).id, request.body), { status: 1 }),
  );

  for (const [method, url] of [
    ["GET", "/api/certification/mine"],
    ["POST", "/patnavi/ucenter/user/verifications/info"],
  ] as const) {
    app.route({
      method,
      url,
      config: { access: "signedIn", logAction: false },
      schema: { tags: TAGS, summary: "我的企业认证：最近一次申请及其状态", response: { 200: Enveloped(MaybeCertification) } },
      handler: async (request) => ok(await certifications.latest(signedInUser(request).id)),
    });
  }

  app.post(
    "/api/certification/list",
    {
      config: { access: MenuCode.ADMIN_CERTIFICATIONS, logAction: false },
      schema: { tags: TAGS, summary: "认证申请列表（按状态筛选，最新在前）", body: CertificationPageBody, response: { 200: Enveloped(CertificationPage) } },
    },
    async (request) => ok(await certifications.page(request.body)),
  );

  app.get(
    "/api/certification/:id",
    {
      config: { access: MenuCode.ADMIN_CERTIFICATIONS },
      schema: { tags: TAGS, summary: "认证申请详情；打开已提交的申请即开始审核", params: CertificationParams, response: { 200: Enveloped(ReviewedCertification) } },
    },
    async (request) => ok(await certifications.open(request.params.id)),
  );

  app.post(
    "/api/certification/approve",
    {
      config: { access: MenuCode.ADMIN_CERTIFICATIONS, logAction: LogAction.certificationApproved },
      schema: { tags: TAGS, summary: "通过认证申请：申请人随即关联到该企业", body: ApproveBody, response: { 200: Enveloped(ReviewedCertification) } },
    },
    async (request) => ok(await certifications.approve(signedInUser(request).id, request.body.id), { status: 1 }),
  );

  app.post(
    "/api/certification/reject",
    {
      config: { access: MenuCode.ADMIN_CERTIFICATIONS, logAction: LogAction.certificationRejected },
      schema: { tags: TAGS, summary: "驳回认证申请（须填写原因）", body: RejectBody, response: { 200: Enveloped(ReviewedCertification) } },
    },
    async (request) => ok(await certifications.reject(signedInUser(request).id, request.body.id, request.body.reason), { status: 1 }),
  );
};

export default certificationRoutes;
