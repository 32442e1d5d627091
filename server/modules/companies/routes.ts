import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { COMPANY_IMPORT_HEADER, COMPANY_SEGMENTS, SEGMENT_NAMES } from "../../../contract/companies";
import { fileExtension } from "../../../contract/files";
import { LogAction } from "../../../contract/logActions";
import { MenuCode } from "../../../contract/menus";
import { AppError } from "../../errors";
import { requestLocale, text } from "../../i18n";
import { uploadFailure } from "../../plugins/bodies";
import { Enveloped, ok } from "../../plugins/envelope";
import {
  Company,
  CompanyIdParams,
  CompanyInput,
  CompanyOwners,
  CompanyOwnersBody,
  CompanyPage,
  CompanySearchBody,
  ImportAnswer,
  ImportForm,
} from "../../../contract/schemas/companies";
import { signedInUser } from "../../plugins/auth";
import { CompanyScope, ownerCandidates, setOwners } from "./owners";
import { contentDisposition } from "../files/fileName";
import { XLSX_CONTENT_TYPE } from "../files/xlsx";
import { Companies, IMPORT_MAX_COMPANIES, ImportMessages } from "./service";
import { buildTemplate, readCsv, readXlsx } from "./sheet";

const TAGS = ["企业"];

/** The company picker of the visit record form, and the administrators' company list upkeep. */
const companiesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const companies = new Companies({ db: app.db, dialect: app.dialect });
  const scope = new CompanyScope(app.db);

  app.post(
    "/api/company/search",
    {
      config: { access: MenuCode.SERVICE_FILES, logAction: false },
      schema: {
        tags: TAGS,
        summary: "按关键词（企业名称或统一社会信用代码）查找企业：完全一致的在前，其次以其开头的，再次包含的；数据范围为本人负责时只列出本人负责的企业",
        body: CompanySearchBody,
        response: { 200: Enveloped(CompanyPage) },
      },
    },
    async (request) => {
      const { keywords, current = 1, size = 10 } = request.body;
      return ok(await companies.search({ keywords, current, size, ownerId: scope.ownerFilter(signedInUser(request)) }));
    },
  );

  app.get(
    "/api/company/:id",
    {
      config: { access: MenuCode.SERVICE_FILES, logAction: false },
      schema: { tags: TAGS, summary: "企业详情（数据范围外的企业 403）", params: CompanyIdParams, response: { 200: Enveloped(Company) } },
    },
    async (request) => {
      await scope.check(signedInUser(request), [request.params.id]);
      return ok(await companies.byId(request.params.id));
    },
  );

  app.post(
    "/api/company/owners",
    {
      config: { access: MenuCode.ADMIN_COMPANIES, logAction: LogAction.companyOwnersSet },
      schema: {
        tags: TAGS,
        summary: "设置企业的负责人（须为可使用敲门服务档案的在用账号）；答复设置后的负责人",
        body: CompanyOwnersBody,
        response: { 200: Enveloped(CompanyOwners) },
      },
    },
    async (request) => ok(await setOwners(app.db, request.body.compId, request.body.ownerIds), { status: 1 }),
  );

  app.get(
    "/api/company/ownerCandidates",
    {
      config: { access: MenuCode.ADMIN_COMPANIES, logAction: false },
      schema: { tags: TAGS, summary: "可设为企业负责人的账号（可使用敲门服务档案的在用账号），按姓名排序，至多 1000 个", response: { 200: Enveloped(CompanyOwners) } },
    },
    async () => ok(await ownerCandidates(app.db)),
  );

  app.post(
    "/api/company/save",
    {
      config: { access: MenuCode.ADMIN_COMPANIES, logAction: (request) => ((request.body as { id?: unknown } | undefined)?.id != null ? LogAction.companyUpdated : LogAction.companyCreated) },
      schema: { tags: TAGS, summary: "新增企业（不带 id）或修改企业（带 id）", body: CompanyInput, response: { 200: Enveloped(Company) } },
    },
    async (request) => ok(await companies.save(request.body), { status: 1 }),
  );

  app.post(
    "/api/company/import",
    {
      config: { access: MenuCode.ADMIN_COMPANIES, logAction: LogAction.companiesImported },
      schema: {
        tags: TAGS,
        summary: `从 .xlsx 或 .csv（UTF-8 或 GB18030/GBK 编码）导入企业，最多 ${IMPORT_MAX_COMPANIES} 家（表头：${COMPANY_IMPORT_HEADER.join("、")}）；逐行检查，有误则整批不导入并列出行号和原因`,
        consumes: ["multipart/form-data"],
        body: ImportForm,
        response: { 200: Enveloped(ImportAnswer) },
      },
      // The body schema is for the OpenAPI document only: the handler reads the multipart body itself.
      validatorCompiler: () => () => true,
    },
    async (request) => {
      if (!request.isMultipart()) throw AppError.badRequest(ImportMessages.noFile);
      const part = await request.file();
      if (!part) throw AppError.badRequest(ImportMessages.noFile);
      const ext = fileExtension(part.filename);
      if (ext !== "xlsx" && ext !== "csv") {
        part.file.resume();
        throw AppError.badRequest(ImportMessages.noFile);
      }
      const bytes = await part.toBuffer().catch((error: unknown) => {
        throw uploadFailure(error);
      });
      const rows = ext === "xlsx" ? await readXlsx(bytes) : readCsv(bytes);
      if (rows === null) throw AppError.badRequest(ImportMessages.unreadable);
      return ok(await companies.import(rows), { status: 1 });
    },
  );

  app.get(
    "/api/company/import/template",
    {
      config: { access: MenuCode.ADMIN_COMPANIES, logAction: false },
      schema: {
        tags: TAGS,
        summary: "下载企业导入模板（.xlsx）：导入所需的表头行，产业链环节一列可从下拉列表选择",
        produces: [XLSX_CONTENT_TYPE],
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const file = await buildTemplate({
        sheetName: text("server.companies.importTemplateSheet").in(locale),
        header: COMPANY_IMPORT_HEADER,
        choices: {
          column: COMPANY_IMPORT_HEADER.indexOf("产业链环节") + 1,
          values: COMPANY_SEGMENTS.map((code) => SEGMENT_NAMES[code]),
          error: text("companies.rules.badSegment").in(locale),
        },
        textColumns: COMPANY_IMPORT_HEADER.map((_, index) => index + 1),
      });
      const name = text("server.companies.importTemplateName").in(locale);
      return reply.header("content-type", XLSX_CONTENT_TYPE).header("content-disposition", contentDisposition("attachment", name)).header("cache-control", "no-store").send(file);
    },
  );
};

export default companiesRoutes;
