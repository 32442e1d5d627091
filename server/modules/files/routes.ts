import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { ErrorCode } from "../../../contract/envelope";
import { UPLOAD_FIELD, UPLOAD_PATH } from "../../../contract/files";
import { LogAction } from "../../../contract/logActions";
import { MenuCode } from "../../../contract/menus";
import type { FileRow } from "../../db/schema";
import { AppError } from "../../errors";
import { text } from "../../i18n";
import { signedInUser } from "../../plugins/auth";
import { AuthMessages } from "../auth/messages";
import { Enveloped, ok } from "../../plugins/envelope";
import { contentDisposition } from "./fileName";
import { isInlineImage } from "./mimeType";
import { DownloadParams, UploadForm, UploadedFile } from "../../../contract/schemas/files";
import { FileStore, fileNotFound } from "./service";

const NO_FILE = text("server.uploads.noFile");
/** A downloaded file opened on its own must not run anything, whatever it contains. */
const DOWNLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

const filesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const store = new FileStore({
    db: app.db,
    dialect: app.dialect,
    uploadDir: app.config.uploadDir,
    uploadMaxMb: app.config.uploadMaxMb,
  });

  /**
   * Who may download a file. A raster image is shown by `<img>` (avatars, licences, pictures in a
   * visit record), which sends no token: its unguessable id is the key. Anything else needs a
   * signed-in caller (401 otherwise): a visit record's attachment one who may read the archive
   * (the menu code its routes state), any other file only the one who uploaded it (403 otherwise).
   * Returns whether the answer may be cached as public.
   */
  async function checkDownload(request: FastifyRequest, file: FileRow): Promise<boolean> {
    if (isInlineImage(file.mimeType)) return true;
    const caller = signedInUser(request);
    const attached = await app.db.selectFrom("serviceRecords").select("id").where("attachment", "=", file.id).limit(1).executeTakeFirst();
    const allowed = attached ? caller.menus.includes(MenuCode.SERVICE_FILES) : file.createdBy === caller.id;
    if (!allowed) throw new AppError(ErrorCode.FORBIDDEN, AuthMessages.forbidden);
    return false;
  }

  app.post(
    UPLOAD_PATH,
    {
      config: { access: "signedIn", logAction: LogAction.fileUploaded },
      schema: {
        tags: ["文件"],
        summary: `上传文件（multipart 字段 ${UPLOAD_FIELD}，单个文件不超过 ${app.config.uploadMaxMb}MB）`,
        consumes: ["multipart/form-data"],
        body: UploadForm,
        response: { 200: Enveloped(UploadedFile) },
      },
      // The body schema is for the OpenAPI document only: the handler streams the multipart
      // body itself, so there is no parsed body to validate.
      validatorCompiler: () => () => true,
    },
    async (request) => {
      if (!request.isMultipart()) throw AppError.badRequest(NO_FILE);
      const part = await request.file();
      if (!part) throw AppError.badRequest(NO_FILE);
      if (part.fieldname !== UPLOAD_FIELD) {
        part.file.resume();
        throw AppError.badRequest(NO_FILE);
      }
      return ok(await store.save(part, signedInUser(request).id));
    },
  );

  app.get(
    "/api/open/download/:id",
    {
      config: { access: "public" },
      schema: {
        tags: ["文件"],
        summary: "下载文件；图片凭编号即可访问并直接显示；其他文件须登录：走访记录附件须有敲门服务档案权限，其余仅上传者本人，作为附件下载",
        params: DownloadParams,
        produces: ["application/octet-stream"],
      },
    },
    async (request, reply) => {
      const file = await store.find(request.params.id);
      if (!file) throw fileNotFound();
      const shared = await checkDownload(request, file);
      const etag = `"${file.sha256}"`;
      if (request.headers["if-none-match"] === etag) return reply.status(304).header("etag", etag).send();
      const stored = await store.open(file);
      if (!stored) {
        request.log.error({ fileId: file.id, storageName: file.storageName }, "stored file is missing from the disk");
        throw fileNotFound();
      }
      return reply
        .header("content-type", file.mimeType)
        .header("content-length", stored.size)
        .header("content-disposition", contentDisposition(isInlineImage(file.mimeType) ? "inline" : "attachment", file.originalName))
        .header("content-security-policy", DOWNLOAD_CSP)
        // A file behind a sign-in is not kept by the browser for whoever uses it next.
        .header("cache-control", shared ? "private, max-age=86400" : "private, no-store")
        .header("etag", etag)
        .send(stored.stream);
    },
  );
};

export default filesRoutes;
