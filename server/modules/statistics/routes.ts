import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LogAction } from "../../../contract/logActions";
import { MenuCode } from "../../../contract/menus";
import { Statistics, StatisticsBody, StatisticsReportQuery } from "../../../contract/schemas/statistics";
import { STATISTICS_MAX_YEARS, type StatisticsReportFormat } from "../../../contract/statistics";
import { requestLocale, text } from "../../i18n";
import { signedInUser } from "../../plugins/auth";
import { Enveloped, ok } from "../../plugins/envelope";
import { CompanyScope } from "../companies/owners";
import { contentDisposition } from "../files/fileName";
import { DOCX_CONTENT_TYPE } from "../archive/report/contentType";
import { XLSX_CONTENT_TYPE } from "../files/xlsx";
import { VisitStatistics } from "./service";

const REPORT_CONTENT_TYPES: Record<StatisticsReportFormat, string> = { xlsx: XLSX_CONTENT_TYPE, docx: DOCX_CONTENT_TYPE };

const TAGS = ["服务统计"];

/**
 * 服务统计 (issue 11): the figures the statistics page charts and the annual service report. The
 * figures cover the companies in the caller's data scope: every company for a role of scope `all`
 * (administrators, managers), else the companies the caller owns.
 */
const statisticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { timeZone, cityAreas } = app.config;
  const statistics = new VisitStatistics({ db: app.db, dialect: app.dialect, timeZone, cityAreas });
  const scope = new CompanyScope(app.db);

  app.post(
    "/api/statistics/visits",
    {
      config: { access: MenuCode.STATISTICS, logAction: false },
      schema: {
        tags: TAGS,
        summary: `统计期内的走访：按月、调研人员、综合评价、产业链环节或所在区域分组的走访次数和走访企业数，及合计、登记企业数和开通专利导航账号的企业数；统计期不超过 ${STATISTICS_MAX_YEARS} 年`,
        body: StatisticsBody,
        response: { 200: Enveloped(Statistics) },
      },
    },
    async (request) => {
      const { from, to, groupBy } = request.body;
      const bounds = statistics.bounds(from, to, scope.ownerFilter(signedInUser(request)));
      return ok(await statistics.visits(bounds, groupBy, requestLocale(request)));
    },
  );

  app.get(
    "/api/statistics/report",
    {
      config: { access: MenuCode.STATISTICS, logAction: LogAction.statisticsReportExported, exportSlot: true },
      schema: {
        tags: TAGS,
        summary: `服务统计报告（.xlsx 或 .docx）：统计期内的走访企业数、走访次数、各调研人员的走访、覆盖率、综合评价分布、开通账号的企业数，按产业链环节和所在区域；统计期不超过 ${STATISTICS_MAX_YEARS} 年`,
        querystring: StatisticsReportQuery,
        produces: Object.values(REPORT_CONTENT_TYPES),
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const bounds = statistics.bounds(from, to, scope.ownerFilter(signedInUser(request)));
      const locale = requestLocale(request);
      const figures = await statistics.report(bounds, locale);
      // Loaded with the first report: the docx package costs every process some 8 MB otherwise.
      const { buildStatisticsReport } = await import("./report");
      const file = await buildStatisticsReport(figures, { format, locale, now: new Date(), timeZone });
      const name = text("server.statistics.fileName", { from: from.replaceAll("-", ""), to: to.replaceAll("-", ""), ext: format }).in(locale);
      return reply
        .header("content-type", REPORT_CONTENT_TYPES[format])
        .header("content-disposition", contentDisposition("attachment", name))
        .header("cache-control", "no-store")
        .send(file);
    },
  );
};

export default statisticsRoutes;
