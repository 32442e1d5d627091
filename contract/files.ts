import type { ServiceRecordMessageKey } from "./serviceRecord";

/** The upload call and the file rules both halves apply. */
export const UPLOAD_PATH = "/api/files/upload";
export const UPLOAD_FIELD = "file";
export const downloadPath = (id: string): string => `/api/open/download/${encodeURIComponent(id)}`;

/** Attachments of a service record (SPEC 5). */
export const ATTACHMENT_EXTENSIONS = ["docx", "xlsx", "pptx"] as const;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Images accepted by the rich-text editor and the avatar. */
export const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "webp"] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Patent exports to import (issue 12): spreadsheets, CSV and CNIPA's TRS text, large enough for 100,000 rows. */
export const PATENT_IMPORT_EXTENSIONS = ["xlsx", "csv", "txt"] as const;
export const PATENT_IMPORT_MAX_BYTES = 200 * 1024 * 1024;

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** Which rule a file breaks: its kind (by extension) or its size. */
export type FileRejection = "type" | "size";

export interface FileRules {
  /** Allowed extensions without the dot, e.g. ATTACHMENT_EXTENSIONS; any type when absent. */
  accept?: readonly string[];
  /** Files must be smaller than this (SPEC 5: "under 10 MB"); any size when absent. */
  maxBytes?: number;
}

export function checkFile(file: { name: string; size: number }, rules: FileRules): FileRejection | undefined {
  if (rules.accept && !rules.accept.map((ext) => ext.toLowerCase()).includes(fileExtension(file.name))) return "type";
  if (rules.maxBytes !== undefined && file.size >= rules.maxBytes) return "size";
  return undefined;
}

export const ATTACHMENT_RULES: FileRules = { accept: ATTACHMENT_EXTENSIONS, maxBytes: ATTACHMENT_MAX_BYTES };
export const PATENT_IMPORT_RULES: FileRules = { accept: PATENT_IMPORT_EXTENSIONS, maxBytes: PATENT_IMPORT_MAX_BYTES };

/**
 * The message of each broken attachment rule: keys under `archive.validation` in the i18n catalogs,
 * which the form shows and the server answers (in the zh-CN text). The size message is SPEC 5's.
 */
export const ATTACHMENT_REJECTION_MESSAGES = { type: "attachmentType", size: "attachmentInvalid" } as const satisfies Record<
  FileRejection,
  ServiceRecordMessageKey
>;

/* The upload's answer is the TypeBox schema of schemas/files.ts; the app names its type from here without loading TypeBox. */
export type { UploadedFile } from "./schemas/files";
