import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LogAction, logActionKeyOf } from "../../../contract/logActions";
import type { Locale } from "../../../i18n/types";
import { MenuCode } from "../../../contract/menus";
import { formatDate } from "../../db/time";
import { AppError } from "../../errors";
import { requestLocale, text } from "../../i18n";
import { Enveloped, ok } from "../../plugins/envelope";
import { contentDisposition } from "../files/fileName";
import { LogDetail, LogExportBody, LogPage, LogPageBody, LogParams } from "../../../contract/schemas/logs";
import { OperationLogs, type LogDetailValue } from "./service";
import { numberedRows, XLSX_CONTENT_TYPE, xlsxDownload, type XlsxCell } from "../files/xlsx";

const TAGS = ["操作日志"];
/** More rows than a spreadsheet is read by; a narrower filter answers the question better. */
export const EXPORT_MAX_ROWS = 50_000;
const EXPORT_COLUMNS = ["serial", "action", "ip", "time", "type", "state", "user", "method", "path", "duration", "error"] as const;

const exportText = (locale: Locale, name: (typeof EXPORT_COLUMNS)[number] | "sheet" | "signIn" | "operation" | "failed" | "normal") =>
  text(`server.logs.export.${name}`).in(locale);

/** A known action in the caller's language (as the log screen shows it); any other as stored. */
function actionIn(locale: Locale, stored: string): string {
  const key = logActionKeyOf(stored);
  return key === undefined ? stored : text(`admin.logs.actions.${key}`).in(locale);
}

function exportRow(locale: Locale, log: LogDetailValue, index: number): XlsxCell[] {
  return [
    index + 1,
    actionIn(locale, log.logAction),
    log.remoteAddr,
    log.lastModifiedDate,
    exportText(locale, log.logType === 1 ? "signIn" : "operation"),
    exportText(locale, log.exceptionType === 1 ? "failed" : "normal"),
    log.userName,
    log.method,
    log.path,
    log.durationMs,
    log.errorMessage,
  ];
}

/** The operation log for administrators (SPEC 2 /logs): the list, one row's every field, and the export. */
const logsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { timeZone } = app.config;
  const logs = new OperationLogs({ db: app.db, dialect: app.dialect, timeZone });

  app.post(
    "/api/logs/listData",
    {
      config: { access: MenuCode.ADMIN_LOGS, logAction: false },
      schema: { tags: TAGS, summary: "操作日志列表（按类型、状态、操作人、操作、时间筛选，最新在前）", body: LogPageBody, response: { 200: Enveloped(LogPage) } },
    },
    async (request) => ok(await logs.page(request.body)),
  );

  app.get(
    "/api/logs/:id",
    {
      config: { access: MenuCode.ADMIN_LOGS },
      schema: { tags: TAGS, summary: "操作日志详情：全部字段", params: LogParams, response: { 200: Enveloped(LogDetail) } },
    },
    async (request) => ok(await logs.find(request.params.id)),
  );

  app.post(
    "/api/logs/export",
    {
      config: { access: MenuCode.ADMIN_LOGS, logAction: LogAction.logsExported, exportSlot: true },
      schema: {
        tags: TAGS,
        summary: `导出筛选出的操作日志（.xlsx，最多 ${EXPORT_MAX_ROWS} 条）`,
        body: LogExportBody,
        produces: [XLSX_CONTENT_TYPE],
      },
    },
    async (request, reply) => {
      const filter = request.body.model;
      if ((await logs.count(filter)) > EXPORT_MAX_ROWS) {
        throw AppError.badRequest(text("server.logs.exportTooMany", { max: EXPORT_MAX_ROWS }));
      }
      const locale = requestLocale(request);
      const rows = numberedRows(logs.details(filter, EXPORT_MAX_ROWS), (log, index) => exportRow(locale, log, index));
      const header = EXPORT_COLUMNS.map((column) => exportText(locale, column));
      const file = await xlsxDownload(exportText(locale, "sheet"), header, rows, (error) => request.log.error({ err: error }, "log export failed part-way"));
      const name = text("server.logs.export.fileName", { date: formatDate(new Date(), timeZone).replaceAll("-", "") }).in(locale);
      return reply.header("content-type", XLSX_CONTENT_TYPE).header("content-disposition", contentDisposition("attachment", name)).header("cache-control", "no-store").send(file);
    },
  );
};

export default logsRoutes;
