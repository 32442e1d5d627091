import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { fileExtension } from "../../../contract/files";
import { LogAction } from "../../../contract/logActions";
import { MenuCode } from "../../../contract/menus";
import { AppError } from "../../errors";
import { uploadFailure } from "../../plugins/bodies";
import { Enveloped, ok } from "../../plugins/envelope";
import { Company, CompanyIdParams, CompanyInput, CompanyPage, CompanySearchBody, ImportAnswer, ImportForm } from "../../../contract/schemas/companies";
import { Companies, ImportMessages } from "./service";
import { readCsv, readXlsx } from "./sheet";

const TAGS = ["企业"];

/** The company picker of the visit record form, and the administrators' company list upkeep. */
const companiesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const companies = new Companies({ db: app.db, dialect: app.dialect });

  app.post(
    "/api/company/search",
    {
      config: { access: MenuCode.SERVICE_FILES, logAction: false },
      schema: {
        tags: TAGS,
        summary: "按关键词（企业名称或统一社会信用代码）查找企业：完全一致的在前，其次以其开头的，再次包含的",
        body: CompanySearchBody,
        response: { 200: Enveloped(CompanyPage) },
      },
    },
    async (request) => {
      const { keywords, current = 1, size = 10 } = request.body;
      return ok(await companies.search({ keywords, current, size }));
    },
  );

  app.get(
    "/api/company/:id",
    {
      config: { access: MenuCode.SERVICE_FILES, logAction: false },
      schema: { tags: TAGS, summary: "企业详情", params: CompanyIdParams, response: { 200: Enveloped(Company) } },
    },
    async (request) => ok(await companies.byId(request.params.id)),
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
        summary: "从 .xlsx 或 .csv 导入企业（表头：企业名称、统一社会信用代码、所在区域、产业链环节、地址、联系人、联系电话）；逐行检查，有误则整批不导入并列出行号和原因",
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
};

export default companiesRoutes;
