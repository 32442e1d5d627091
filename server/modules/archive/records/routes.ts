import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LogAction } from "../../../../contract/logActions";
import { MenuCode } from "../../../../contract/menus";
import { signedInUser } from "../../../plugins/auth";
import { Enveloped, ok } from "../../../plugins/envelope";
import { FileStore } from "../../files/service";
import { CompanyScope } from "../../companies/owners";
import { say } from "../../../i18n";
import { ArchivePage, ArchivesPageBody, RecordIdParams, ReleaseBody, Released, ServiceRecord } from "../../../../contract/schemas/serviceRecord";
import { ServiceRecords } from "./service";

const TAGS = ["敲门服务档案"];

/** releaseArchives adds a record without an id in the body and edits the one it names otherwise. */
const hasId = (body: unknown): boolean => typeof body === "object" && body !== null && "id" in body && (body as { id?: unknown }).id != null;

/** The service record tab of the archive (/serviceFiles) and the visit record form (/serviceFilesDetails). */
const serviceRecordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const files = new FileStore({ db: app.db, dialect: app.dialect, uploadDir: app.config.uploadDir, uploadMaxMb: app.config.uploadMaxMb });
  const records = new ServiceRecords({ db: app.db, dialect: app.dialect, timeZone: app.config.timeZone, files });
  const scope = new CompanyScope(app.db);
  /** The company a stored record belongs to, if the record exists. */
  const storedCompany = async (id: number) =>
    (await app.db.selectFrom("serviceRecords").select("compId").where("id", "=", id).executeTakeFirst())?.compId;

  app.post(
    "/api/archives/queryArchivesPage",
    {
      config: { access: MenuCode.SERVICE_FILES, logAction: false },
      schema: {
        tags: TAGS,
        summary: "企业的走访记录：按调研人员、联系人（包含）、服务时间段（止日含当天）、综合评价查询，服务时间最新的在前",
        body: ArchivesPageBody,
        response: { 200: Enveloped(ArchivePage) },
      },
    },
    async (request) => {
      await scope.check(signedInUser(request), [request.body.model.compId]);
      return ok(await records.page(request.body));
    },
  );

  app.get(
    "/api/archives/queryById/:id",
    {
      config: { access: MenuCode.SERVICE_FILES, logAction: false },
      schema: { tags: TAGS, summary: "走访记录详情，含企业名称和附件原文件名", params: RecordIdParams, response: { 200: Enveloped(ServiceRecord) } },
    },
    async (request) => {
      const compId = await storedCompany(request.params.id);
      if (compId !== undefined) await scope.check(signedInUser(request), [compId]);
      return ok(await records.byId(request.params.id));
    },
  );

  app.post(
    "/api/archives/releaseArchives",
    {
      config: { access: MenuCode.SERVICE_FILES_EDIT, logAction: (request) => (hasId(request.body) ? LogAction.recordUpdated : LogAction.recordCreated) },
      schema: {
        tags: TAGS,
        summary: "保存走访记录（不带 id 新增，带 id 修改）；创建人、修改人及其时间由服务器填写；不合规时返回第一条提示及全部错误",
        body: ReleaseBody,
        response: { 200: Enveloped(Released) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      // An edit may not move a record out of a company the user does not look after, nor into one.
      const before = request.body.id == null ? undefined : await storedCompany(request.body.id);
      await scope.check(user, before === undefined ? [request.body.compId] : [request.body.compId, before]);
      const saved = await records.release(request.body, user.id);
      return { ...ok(saved, { status: 1 }), message: say(request, "archive.form.saved") };
    },
  );
};

export default serviceRecordRoutes;
