import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LogAction } from "../../../../contract/logActions";
import { MenuCode } from "../../../../contract/menus";
import { Researchers, VisitExportBody, VisitPage, VisitPageBody, type VisitRow } from "../../../../contract/schemas/visits";
import type { Locale } from "../../../../i18n/types";
import { formatDate } from "../../../db/time";
import { AppError } from "../../../errors";
import { requestLocale, text } from "../../../i18n";
import { signedInUser } from "../../../plugins/auth";
import { Enveloped, ok } from "../../../plugins/envelope";
import { CompanyScope, ownerCandidates } from "../../companies/owners";
import { contentDisposition } from "../../files/fileName";
import { numberedRows, XLSX_CONTENT_TYPE, xlsxDownload, type XlsxCell } from "../../files/xlsx";
import { VisitMessages, Visits } from "./service";

const TAGS = ["敲门服务档案"];
/** More rows than a spreadsheet is read by; a narrower filter answers the question better. */
export const VISIT_EXPORT_MAX_ROWS = 50_000;

const EXPORT_COLUMNS = ["index", "companyName", "segment", "researchers", "contactPerson", "contactPersonPhone", "comprehensiveEvaluation", "serviceTime"] as const;

/** One visit as a spreadsheet row, value sets named in the caller's language. */
function exportRow(locale: Locale, visit: VisitRow, index: number): XlsxCell[] {
  return [
    index + 1,
    visit.companyName,
    visit.segment === null ? null : text(`companies.segments.${visit.segment}`).in(locale),
    visit.researchers,
    visit.contactPerson,
    visit.contactPersonPhone,
    text(`archive.evaluation.${visit.comprehensiveEvaluation}`).in(locale),
    visit.serviceTime,
  ];
}

/** Every visit the caller may see, across companies (/visits): the list, its export, and who may be a researcher. */
const visitRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const visits = new Visits({ db: app.db, dialect: app.dialect, timeZone: app.config.timeZone });
  const scope = new CompanyScope(app.db);

  /** The caller's scope; a company named outside it is refused (403). */
  const scopeOf = async (request: Parameters<typeof signedInUser>[0], compId: number | undefined) => {
    const user = signedInUser(request);
    if (compId !== undefined) await scope.check(user, [compId]);
    return { ownerId: scope.ownerFilter(user) };
  };

  app.post(
    "/api/archives/visits/listData",
    {
      config: { access: MenuCode.SERVICE_FILES_VISITS, logAction: false },
      schema: {
        tags: TAGS,
        summary: "全部走访记录（数据范围内的企业）：按企业、调研人员、服务时间段、综合评价、产业链环节筛选，服务时间最新的在前",
        body: VisitPageBody,
        response: { 200: Enveloped(VisitPage) },
      },
    },
    async (request) => {
      const { body } = request;
      return ok(await visits.page(body, await scopeOf(request, body.model?.compId)));
    },
  );

  app.post(
    "/api/archives/visits/export",
    {
      config: { access: MenuCode.SERVICE_FILES_VISITS, logAction: LogAction.visitsExported, exportSlot: true },
      schema: {
        tags: TAGS,
        summary: `导出筛选出的走访记录（.xlsx，最多 ${VISIT_EXPORT_MAX_ROWS} 条），列名与取值用调用者的语言`,
        body: VisitExportBody,
        produces: [XLSX_CONTENT_TYPE],
      },
    },
    async (request, reply) => {
      const { model, orders } = request.body;
      const visitScope = await scopeOf(request, model?.compId);
      if ((await visits.count(model, visitScope)) > VISIT_EXPORT_MAX_ROWS) throw AppError.badRequest(VisitMessages.exportTooMany(VISIT_EXPORT_MAX_ROWS));
      const locale = requestLocale(request);
      const rows = numberedRows(visits.all(model, orders, visitScope, VISIT_EXPORT_MAX_ROWS), (visit, index) => exportRow(locale, visit, index));
      const header = EXPORT_COLUMNS.map((column) => text(`visits.columns.${column}`).in(locale));
      const file = await xlsxDownload(text("server.visits.sheet").in(locale), header, rows, (error) => request.log.error({ err: error }, "visit export failed part-way"));
      const name = text("server.visits.fileName", { date: formatDate(new Date(), app.config.timeZone).replaceAll("-", "") }).in(locale);
      return reply.header("content-type", XLSX_CONTENT_TYPE).header("content-disposition", contentDisposition("attachment", name)).header("cache-control", "no-store").send(file);
    },
  );

  app.get(
    "/api/archives/researcherCandidates",
    {
      config: { access: MenuCode.SERVICE_FILES, logAction: false },
      schema: {
        tags: TAGS,
        summary: "可选为调研人员的账号（可使用敲门服务档案的在用账号），按姓名排序，至多 1000 个",
        response: { 200: Enveloped(Researchers) },
      },
    },
    async () => ok(await ownerCandidates(app.db)),
  );
};

export default visitRoutes;
