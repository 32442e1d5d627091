import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LogAction } from "../../../contract/logActions";
import { MenuCode } from "../../../contract/menus";
import { formatDate } from "../../db/time";
import { AppError } from "../../errors";
import { Enveloped, ok } from "../../plugins/envelope";
import { contentDisposition } from "../files/fileName";
import { LogDetail, LogExportBody, LogPage, LogPageBody, LogParams } from "./schemas";
import { OperationLogs, type LogDetailValue } from "./service";
import { buildXlsx, XLSX_CONTENT_TYPE, type XlsxCell } from "./xlsx";

const TAGS = ["操作日志"];
/** More rows than a spreadsheet is read by; a narrower filter answers the question better. */
export const EXPORT_MAX_ROWS = 50_000;
const EXPORT_HEADER = ["序号", "操作", "操作IP", "操作时间", "日志类型", "状态", "操作人", "请求方法", "路径", "耗时(ms)", "错误信息"];

function exportRow(log: LogDetailValue, index: number): XlsxCell[] {
  return [
    index + 1,
    log.logAction,
    log.remoteAddr,
    log.lastModifiedDate,
    log.logType === 1 ? "登录" : "操作",
    log.exceptionType === 1 ? "异常" : "正常",
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
      config: { access: MenuCode.ADMIN_LOGS, logAction: LogAction.logsExported },
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
        throw AppError.badRequest(`符合条件的日志超过 ${EXPORT_MAX_ROWS} 条，请缩小筛选范围后再导出`);
      }
      const rows = await logs.details(filter, EXPORT_MAX_ROWS);
      const file = await buildXlsx("操作日志", EXPORT_HEADER, rows.map(exportRow));
      const name = `操作日志-${formatDate(new Date(), timeZone).replaceAll("-", "")}.xlsx`;
      return reply.header("content-type", XLSX_CONTENT_TYPE).header("content-disposition", contentDisposition("attachment", name)).header("cache-control", "no-store").send(file);
    },
  );
};

export default logsRoutes;
