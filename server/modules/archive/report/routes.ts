import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LogAction } from "../../../../contract/logActions";
import { MenuCode } from "../../../../contract/menus";
import { formatDate } from "../../../db/time";
import { requestLocale, text } from "../../../i18n";
import { ReportBody } from "../../../../contract/schemas/report";
import { signedInUser } from "../../../plugins/auth";
import { CompanyScope } from "../../companies/owners";
import { FileStore } from "../../files/service";
import { DOCX_CONTENT_TYPE } from "./contentType";

/**
 * The file name travels in RFC 6266's filename* (percent-encoded UTF-8); the plain filename is an
 * ASCII stand-in for clients that do not read it.
 */
function attachmentOf(name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="archive.docx"; filename*=UTF-8''${encoded}`;
}

/**
 * The export's code (the docx and jszip packages above all) loads at the first export rather than
 * with the server: a process that never exports does not carry it (issue 13).
 */
const loadExport = async () => {
  const [{ loadReport }, { buildReport }] = await Promise.all([import("./data"), import("./document")]);
  return { loadReport, buildReport };
};

/** "Export all" of the service archive page: the company's whole archive as a .docx. */
const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const files = new FileStore({ db: app.db, dialect: app.dialect, uploadDir: app.config.uploadDir, uploadMaxMb: app.config.uploadMaxMb });
  const { timeZone, cityAreas } = app.config;
  const scope = new CompanyScope(app.db);

  app.post(
    "/api/archives/queryReport",
    {
      config: { access: MenuCode.SERVICE_FILES_EXPORT, logAction: LogAction.archiveExported, exportSlot: true },
      schema: {
        tags: ["敲门服务档案"],
        summary: "导出企业的敲门服务档案（.docx：企业信息、全部走访记录、各维度问卷及当前回答）",
        body: ReportBody,
        produces: [DOCX_CONTENT_TYPE],
      },
    },
    async (request, reply) => {
      await scope.check(signedInUser(request), [request.body.compId]);
      const now = new Date();
      const { loadReport, buildReport } = await loadExport();
      const data = await loadReport({ db: app.db, files, cityAreas }, request.body.compId);
      const locale = requestLocale(request);
      const file = await buildReport(data, { timeZone, now, locale });
      const name = text("server.report.fileName", { company: data.company.name, date: formatDate(now, timeZone).replaceAll("-", "") }).in(locale);
      return reply.header("content-type", DOCX_CONTENT_TYPE).header("content-disposition", attachmentOf(name)).header("cache-control", "no-store").send(file);
    },
  );
};

export default reportRoutes;
