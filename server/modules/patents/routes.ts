import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { checkFile, PATENT_IMPORT_MAX_BYTES, PATENT_IMPORT_RULES, UPLOAD_FIELD, type UploadedFile } from "../../../contract/files";
import { LogAction } from "../../../contract/logActions";
import { MenuCode, RoleCode } from "../../../contract/menus";
import { isPatentField } from "../../../contract/patents/headers";
import {
  CompanyIdParams,
  CompanyPatentProfile,
  JobIdParams,
  MAPPING_HEADERS_MAX,
  PATENT_EXPORT_MAX_ROWS,
  PatentDetail,
  PatentFilterBody,
  PatentIdParams,
  PatentImportForm,
  PatentImportJob,
  PatentImportStarted,
  PatentInspectForm,
  PatentInspection,
  PatentSearchBody,
  PatentSearchResult,
  PatentStats,
  PatentStatsBody,
  Preset,
  PresetBody,
  Presets,
} from "../../../contract/schemas/patents";
import { PatentWatch, PatentWatchBody, PatentWatches as PatentWatchList, PatentWatchIdParams } from "../../../contract/schemas/patentWatches";
import { formatDate, toDbTime } from "../../db/time";
import { AppError } from "../../errors";
import { requestLocale, text } from "../../i18n";
import { signedInUser } from "../../plugins/auth";
import { Enveloped, ok } from "../../plugins/envelope";
import { CompanyScope } from "../companies/owners";
import { contentDisposition } from "../files/fileName";
import { FileStore } from "../files/service";
import { XLSX_CONTENT_TYPE } from "../files/xlsx";
import { requireApprovedCertification } from "../patnavi/gate";
import { patentsWorkbook } from "./export";
import { PatentImports, type ImportDeps } from "./import/jobs";
import { openExportInWorker, ReadersBusy, UnreadableExport, type ColumnMapping, type OpenedExport, type ThreadRow, type WorkerOptions } from "./read";
import { patentSearchEngine } from "./search";
import { PatentMessages, Patents } from "./service";
import { PatentWatches } from "./watches";

const TAGS = ["专利检索"];
const WATCH_TAGS = ["专利关注"];
const IMPORT_TAGS = ["专利导入"];
const MB = 1024 * 1024;

const FormMessages = {
  noFile: text("server.patents.import.noFile"),
  badType: text("server.patents.import.badType"),
  badMapping: text("server.patents.import.badMapping"),
  presetNotFound: text("server.patents.import.presetNotFound"),
  busy: text("server.patents.import.busy"),
} as const;

/** A mapping sent as JSON text (multipart field): header -> field or null, nothing else. */
function parseMapping(raw: string): ColumnMapping {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw AppError.badRequest(FormMessages.badMapping);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw AppError.badRequest(FormMessages.badMapping);
  const entries = Object.entries(parsed);
  if (entries.length > MAPPING_HEADERS_MAX) throw AppError.badRequest(FormMessages.badMapping);
  const mapping: ColumnMapping = {};
  for (const [header, field] of entries) {
    if (header.length > 200 || !(field === null || (typeof field === "string" && isPatentField(field)))) throw AppError.badRequest(FormMessages.badMapping);
    mapping[header] = field;
  }
  return mapping;
}

/** A saved mapping with the fields that still exist: a preset is data, the fields are code. */
function storedMapping(json: string): ColumnMapping {
  const stored = JSON.parse(json) as Record<string, string | null>;
  return Object.fromEntries(Object.entries(stored).filter(([, field]) => field === null || isPatentField(field))) as ColumnMapping;
}

/**
 * How the import routes' reader threads are started, beyond where their temporary files go: empty
 * but for the tests' readers that fail on purpose (another entry, a smaller heap).
 */
export const readerOptions: Omit<WorkerOptions, "tempRoot" | "dialect"> = {};

/** Unset but in the tests, which hold an import's write open to see what the server answers meanwhile. */
export const importHooks: Pick<ImportDeps, "whileWriting"> = {};

/**
 * Issue 12: patents searched in Chinese and English, their detail, export and statistics, a
 * company's patent profile, and the import of patent exports in the background.
 */
const patentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const patents = new Patents(app.db, patentSearchEngine(app.db, app.dialect, app.config.patentSearchCache));
  const watches = new PatentWatches({ db: app.db, dialect: app.dialect, timeZone: app.config.timeZone, patents, log: app.log });
  // What an import keeps on the data's disk while it runs, beside the uploads: its reader thread's
  // temporary files (an .xlsx's shared strings).
  const readingDir = join(app.config.uploadDir, ".patent-reading");
  const imports = new PatentImports({
    db: app.db,
    dialect: app.dialect,
    longWrites: app.longWrites,
    log: app.log,
    afterImport: (jobId) => watches.afterImport(jobId),
    whileWriting: async (jobId) => importHooks.whileWriting?.(jobId),
  });
  const scope = new CompanyScope(app.db);
  const store = new FileStore({ db: app.db, dialect: app.dialect, uploadDir: app.config.uploadDir, uploadMaxMb: Math.floor(PATENT_IMPORT_MAX_BYTES / MB) });
  app.addHook("onClose", () => imports.settle());

  // Members search once their company is certified; the association's roles always may.
  const certified = async (request: FastifyRequest) => requireApprovedCertification(app.db, signedInUser(request));

  interface Upload {
    file: UploadedFile;
    path: string;
    fields: Map<string, string>;
  }

  /** A stored upload no job refers to (a refused import, an inspection): its row and bytes go. */
  async function discard({ file, path }: Upload): Promise<void> {
    await app.db.deleteFrom("files").where("id", "=", file.id).execute();
    await rm(path, { force: true });
  }

  /**
   * The uploaded export saved to the disk, and the form's text fields, whatever their order. A body
   * that fails after its file was stored (a part cut short, the client gone) leaves nothing stored.
   */
  async function upload(request: FastifyRequest): Promise<Upload> {
    if (!request.isMultipart()) throw AppError.badRequest(FormMessages.noFile);
    const fields = new Map<string, string>();
    let saved: Upload | undefined;
    try {
      for await (const part of request.parts({ limits: { fileSize: PATENT_IMPORT_MAX_BYTES } })) {
        if (part.type !== "file") {
          fields.set(part.fieldname, String(part.value));
          continue;
        }
        if (part.fieldname !== UPLOAD_FIELD || saved) {
          part.file.resume();
          throw AppError.badRequest(FormMessages.noFile);
        }
        // The size is bounded as the bytes arrive (the parts' fileSize limit); the name is known now.
        if (checkFile({ name: part.filename, size: 0 }, PATENT_IMPORT_RULES) === "type") {
          part.file.resume();
          throw AppError.badRequest(FormMessages.badType);
        }
        const file = await store.save(part, signedInUser(request).id);
        const row = await store.find(file.id);
        if (!row) throw AppError.badRequest(FormMessages.noFile);
        saved = { file, path: store.diskPath(row), fields };
      }
    } catch (error) {
      if (saved) await discard(saved);
      throw error;
    }
    if (!saved) throw AppError.badRequest(FormMessages.noFile);
    return saved;
  }

  /** The mapping a form gives: its own JSON, over the preset it names. */
  async function mappingOf(fields: Map<string, string>): Promise<ColumnMapping | undefined> {
    const raw = fields.get("mapping")?.trim();
    const presetId = fields.get("preset")?.trim();
    let mapping: ColumnMapping | undefined;
    if (presetId) {
      const id = /^\d{1,9}$/.test(presetId) ? Number(presetId) : 0;
      const preset = await app.db.selectFrom("patentMappingPresets").select("mapping").where("id", "=", id).executeTakeFirst();
      if (!preset) throw AppError.badRequest(FormMessages.presetNotFound);
      mapping = storedMapping(preset.mapping);
    }
    if (raw) mapping = { ...mapping, ...parseMapping(raw) };
    return mapping;
  }

  /**
   * The upload opened in a reader thread with the form's mapping (a preset, the user's choice); the
   * upload is discarded when it cannot be (an unreadable file, a preset not found, readers busy).
   */
  async function opened(saved: Upload): Promise<{ found: OpenedExport<ThreadRow>; mapping: ColumnMapping | undefined }> {
    try {
      const mapping = await mappingOf(saved.fields);
      return { found: await openExportInWorker(saved.path, saved.file.name, mapping, { ...readerOptions, tempRoot: readingDir, dialect: app.dialect }), mapping };
    } catch (error) {
      await discard(saved);
      if (error instanceof UnreadableExport) throw AppError.badRequest(text(`patents.fileProblems.${error.reason}`));
      if (error instanceof ReadersBusy) throw AppError.unavailable(FormMessages.busy);
      throw error;
    }
  }

  app.post(
    "/api/patents/search",
    {
      config: { access: MenuCode.PATENT_SEARCH, logAction: false },
      schema: {
        tags: TAGS,
        summary: "检索专利：关键词（标题、摘要）、申请人、发明人、IPC 前缀、号码、日期、类型、法律状态、区县、产业链环节、企业；带分面计数，超过上限的计数标为 totalCapped",
        body: PatentSearchBody,
        response: { 200: Enveloped(PatentSearchResult) },
      },
      preHandler: certified,
    },
    async (request) => ok(await patents.search(request.body)),
  );

  app.post(
    "/api/patents/export",
    {
      config: { access: MenuCode.PATENT_SEARCH, logAction: LogAction.patentsExported, exportSlot: true },
      schema: {
        tags: TAGS,
        summary: `导出筛选出的全部专利（.xlsx，最多 ${PATENT_EXPORT_MAX_ROWS} 条），列名与取值用调用者的语言`,
        body: PatentFilterBody,
        produces: [XLSX_CONTENT_TYPE],
      },
      preHandler: certified,
    },
    async (request, reply) => {
      const query = await patents.query(request.body.model);
      const count = await patents.engine.count(query, PATENT_EXPORT_MAX_ROWS);
      if (count.capped) throw AppError.badRequest(PatentMessages.exportTooMany(PATENT_EXPORT_MAX_ROWS));
      const locale = requestLocale(request);
      const rows = patents.engine.scan(query, request.body.orders, PATENT_EXPORT_MAX_ROWS);
      const stream = await patentsWorkbook(rows, locale, (error) => request.log.error({ err: error }, "patent export failed part-way"));
      const name = text("server.patents.exportFileName", { date: formatDate(new Date(), app.config.timeZone).replaceAll("-", "") }).in(locale);
      return reply.header("content-type", XLSX_CONTENT_TYPE).header("content-disposition", contentDisposition("attachment", name)).header("cache-control", "no-store").send(stream);
    },
  );

  app.post(
    "/api/patents/stats",
    {
      config: { access: MenuCode.PATENT_SEARCH, logAction: false },
      schema: {
        tags: TAGS,
        summary: "产业链图谱的统计：近 10 年申请与授权趋势、申请人前 10、IPC 小类、产业链环节",
        body: PatentStatsBody,
        response: { 200: Enveloped(PatentStats) },
      },
      preHandler: certified,
    },
    async (request) => {
      const year = Number(formatDate(new Date(), app.config.timeZone).slice(0, 4));
      return ok(await patents.engine.stats(await patents.query(request.body.model), year));
    },
  );

  app.get(
    "/api/patents/company/:compId",
    {
      config: { access: MenuCode.PATENT_SEARCH },
      schema: {
        tags: TAGS,
        summary: "企业的专利画像：按类型、法律状态、申请年计数，IPC 大组、产业链环节、最新专利；工作人员限数据范围内的企业，会员限本企业",
        params: CompanyIdParams,
        response: { 200: Enveloped(CompanyPatentProfile) },
      },
      preHandler: certified,
    },
    async (request) => {
      const user = signedInUser(request);
      const { compId } = request.params;
      const own = user.roles.includes(RoleCode.MEMBER)
        ? await app.db.selectFrom("users").select("companyId").where("id", "=", user.id).executeTakeFirst()
        : undefined;
      // A certified member (checked above) reads its own company's; anyone else within their data scope.
      if (own?.companyId !== compId) await scope.check(user, [compId]);
      return ok(await patents.profile(compId));
    },
  );

  app.post(
    "/api/patents/import/inspect",
    {
      config: { access: MenuCode.PATENT_IMPORT, logAction: LogAction.fileUploaded },
      schema: {
        tags: IMPORT_TAGS,
        summary: "读取导出文件的表头：识别的列映射与未识别的表头，供设置列映射",
        consumes: ["multipart/form-data"],
        body: PatentInspectForm,
        response: { 200: Enveloped(PatentInspection) },
      },
      // The body schema is for the OpenAPI document only: the handler reads the multipart body itself.
      validatorCompiler: () => () => true,
    },
    async (request) => {
      // The file is read for its headers only: the import uploads it again.
      const saved = await upload(request);
      const { found } = await opened(saved);
      await found.close();
      await discard(saved);
      return ok({
        format: found.format,
        encoding: found.encoding ?? null,
        headers: found.headers,
        mapping: found.mapping,
        unmapped: found.unmapped,
        complete: found.complete,
        total: found.total,
      });
    },
  );

  app.post(
    "/api/patents/import",
    {
      config: { access: MenuCode.PATENT_IMPORT, logAction: LogAction.patentsImported },
      schema: {
        tags: IMPORT_TAGS,
        summary: `导入专利导出文件（.xlsx、.csv、CNIPA 文本，不超过 ${Math.floor(PATENT_IMPORT_MAX_BYTES / MB)}MB），在后台进行；按规范化的公开（公告）号更新已有专利`,
        consumes: ["multipart/form-data"],
        body: PatentImportForm,
        response: { 200: Enveloped(PatentImportStarted) },
      },
      validatorCompiler: () => () => true,
    },
    async (request) => {
      const saved = await upload(request);
      const { found, mapping } = await opened(saved);
      try {
        // The job keeps the file (its row names it); a refusal closes the export and leaves nothing.
        return ok({ jobId: await imports.start(found, saved.file.id, mapping, signedInUser(request).id) });
      } catch (error) {
        await discard(saved);
        throw error;
      }
    },
  );

  app.get(
    "/api/patents/import/:jobId",
    {
      config: { access: MenuCode.PATENT_IMPORT },
      schema: {
        tags: IMPORT_TAGS,
        summary: "导入任务的进度与结果：无法读取的行（行号与原因，前 1000 个）",
        params: JobIdParams,
        response: { 200: Enveloped(PatentImportJob) },
      },
    },
    async (request) => ok(await imports.status(request.params.jobId, requestLocale(request))),
  );

  app.get(
    "/api/patents/presets",
    {
      config: { access: MenuCode.PATENT_IMPORT },
      schema: { tags: IMPORT_TAGS, summary: "已保存的列映射方案", response: { 200: Enveloped(Presets) } },
    },
    async () => {
      const rows = await app.db.selectFrom("patentMappingPresets").select(["id", "name", "mapping"]).orderBy("name").orderBy("id").limit(1000).execute();
      return ok(rows.map((row) => ({ id: row.id, name: row.name, mapping: storedMapping(row.mapping) })));
    },
  );

  app.post(
    "/api/patents/presets",
    {
      config: { access: MenuCode.PATENT_IMPORT, logAction: LogAction.patentPresetSaved },
      schema: { tags: IMPORT_TAGS, summary: "保存列映射方案（同名则覆盖）", body: PresetBody, response: { 200: Enveloped(Preset) } },
    },
    async (request) => {
      const name = request.body.name.trim();
      const mapping = parseMapping(JSON.stringify(request.body.mapping));
      const values = { name, mapping: JSON.stringify(mapping), createdBy: signedInUser(request).id, updatedAt: toDbTime(app.dialect, new Date()) };
      const row = await app.db
        .insertInto("patentMappingPresets")
        .values(values)
        .onConflict((oc) => oc.column("name").doUpdateSet({ mapping: values.mapping, updatedAt: values.updatedAt }))
        .returning(["id", "name"])
        .executeTakeFirstOrThrow();
      return ok({ id: row.id, name: row.name, mapping });
    },
  );

  app.get(
    "/api/patents/watches",
    {
      config: { access: MenuCode.PATENT_SEARCH, logAction: false },
      schema: { tags: WATCH_TAGS, summary: "本人的专利关注（保存的检索、申请人、IPC 分类），新的在前", response: { 200: Enveloped(PatentWatchList) } },
      preHandler: certified,
    },
    async (request) => ok(await watches.list(signedInUser(request).id)),
  );

  app.post(
    "/api/patents/watches",
    {
      config: { access: MenuCode.PATENT_SEARCH, logAction: LogAction.patentWatchSaved },
      schema: {
        tags: WATCH_TAGS,
        summary: "添加专利关注：search 保存检索条件（model 同检索），applicant 申请人，ipc IPC 大组或前缀；此后每次导入的新匹配专利在通知中心提醒。每人有数量上限，同一关注不能重复添加（409）",
        body: PatentWatchBody,
        response: { 200: Enveloped(PatentWatch) },
      },
      preHandler: certified,
    },
    async (request) => ok(await watches.create(signedInUser(request).id, request.body), { status: 1 }),
  );

  app.delete(
    "/api/patents/watches/:id",
    {
      config: { access: MenuCode.PATENT_SEARCH, logAction: LogAction.patentWatchDeleted },
      schema: { tags: WATCH_TAGS, summary: "删除本人的一个专利关注（他人的关注答复 404）", params: PatentWatchIdParams, response: { 200: Enveloped(Type.Null()) } },
      preHandler: certified,
    },
    async (request) => {
      await watches.remove(signedInUser(request).id, request.params.id);
      return ok(null, { status: 1 });
    },
  );

  app.get(
    "/api/patents/:id",
    {
      config: { access: MenuCode.PATENT_SEARCH },
      schema: { tags: TAGS, summary: "专利详情（全部字段）", params: PatentIdParams, response: { 200: Enveloped(PatentDetail) } },
      preHandler: certified,
    },
    async (request) => {
      const patent = await patents.engine.byId(request.params.id);
      if (!patent) throw AppError.notFound(PatentMessages.notFound);
      return ok(patent);
    },
  );
};

export default patentRoutes;
