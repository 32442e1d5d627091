import { Type, type Static } from "typebox";

/* Uploads and downloads (contract/files.ts holds the rules both halves apply to a file). */

export const FILE_ID_PATTERN = "^[0-9a-f]{32}$";

/** What the upload call answers inside its envelope. */
export const UploadedFile = Type.Object({
  id: Type.String({ description: "文件编号（32 位十六进制）" }),
  name: Type.String({ description: "原文件名" }),
  size: Type.Integer({ description: "字节数" }),
  mimeType: Type.String(),
  url: Type.String({ description: "下载地址" }),
});
export type UploadedFile = Static<typeof UploadedFile>;

/** Documents the multipart form; the handler streams it itself (see routes.ts). */
export const UploadForm = Type.Object({
  file: Type.String({ format: "binary", description: "要上传的文件" }),
});

export const DownloadParams = Type.Object({
  id: Type.String({ pattern: FILE_ID_PATTERN, title: "id", description: "文件编号" }),
});
