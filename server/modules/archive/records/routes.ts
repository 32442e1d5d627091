import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { LogAction } from "../../../../contract/logActions";
import { MenuCode } from "../../../../contract/menus";
import { signedInUser } from "../../../plugins/auth";
import { Enveloped, ok } from "../../../plugins/envelope";
import { FileStore } from "../../files/service";
import { CompanyScope } from "../../companies/owners";
import { say } from "../../../i18n";
import {
  ArchivePage,
  ArchivesPageBody,
  RecordHistoryBody,
  RecordHistoryPage,
  RecordIdParams,
  ReleaseBody,
  Released,
  ServiceRecord,
  VoidBody,
} from "../../../../contract/schemas/serviceRecord";
import type { SignedInUser } from "../../auth/principal";
import { ServiceRecords, type RecordActor } from "./service";

const TAGS = ["敲门服务档案"];

/** The caller's rights over records: the route has checked the archive itself. */
const actorOf = (user: SignedInUser): RecordActor => ({
  id: user.id,
  edits: user.menus.includes(MenuCode.SERVICE_FILES_EDIT),
  editsAny: user.menus.includes(MenuCode.SERVICE_FILES_EDIT_ANY),
});

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
      schema: { tags: TAGS, summary: "走访记录详情，含企业名称、附件原文件名、版本、作废情况，以及调用者能否修改", params: RecordIdParams, response: { 200: Enveloped(ServiceRecord) } },
    },
    async (request) => {
      const user = signedInUser(request);
      const compId = await storedCompany(request.params.id);
      if (compId !== undefined) await scope.check(user, [compId]);
      return ok(await records.byId(request.params.id, actorOf(user)));
    },
  );

  app.post(
    "/api/archives/recordHistory",
    {
      config: { access: MenuCode.SERVICE_FILES, logAction: false },
      schema: {
        tags: TAGS,
        summary: "走访记录的修改历史：每次修改的每个字段（修改前、修改后、修改人、时间）及作废，最新的在前",
        body: RecordHistoryBody,
        response: { 200: Enveloped(RecordHistoryPage) },
      },
    },
    async (request) => {
      const compId = await storedCompany(request.body.model.id);
      if (compId !== undefined) await scope.check(signedInUser(request), [compId]);
      return ok(await records.history(request.body));
    },
  );

  app.post(
    "/api/archives/voidRecord",
    {
      config: { access: MenuCode.SERVICE_FILES_EDIT, logAction: LogAction.recordVoided },
      schema: {
        tags: TAGS,
        summary: "作废走访记录（创建人或可修改他人记录者）：记录保留并标为已作废，写入修改历史，不再计为走访；不能删除",
        body: VoidBody,
        response: { 200: Enveloped(Type.Null()) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const compId = await storedCompany(request.body.id);
      if (compId !== undefined) await scope.check(user, [compId]);
      await records.void(request.body, actorOf(user));
      return { ...ok(null), message: say(request, "server.archive.recordVoidedDone") };
    },
  );

  app.post(
    "/api/archives/releaseArchives",
    {
      config: { access: MenuCode.SERVICE_FILES_EDIT, logAction: (request) => (hasId(request.body) ? LogAction.recordUpdated : LogAction.recordCreated) },
      schema: {
        tags: TAGS,
        summary:
          "保存走访记录（不带 id 新增，带 id 修改：仅创建人或可修改他人记录者，未给出的字段保持原值，带 version 时已被他人修改则 409，每个改动的字段记入修改历史）；创建人、修改人及其时间由服务器填写；不合规时返回第一条提示及全部错误",
        body: ReleaseBody,
        response: { 200: Enveloped(Released) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      // An edit may not move a record out of a company the user does not look after, nor into one.
      const before = request.body.id == null ? undefined : await storedCompany(request.body.id);
      await scope.check(user, before === undefined ? [request.body.compId] : [request.body.compId, before]);
      const saved = await records.release(request.body, actorOf(user));
      return { ...ok(saved, { status: 1 }), message: say(request, "archive.form.saved") };
    },
  );
};

export default serviceRecordRoutes;
