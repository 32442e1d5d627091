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

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

export function isAllowedAttachment(name: string, size: number): boolean {
  return (ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileExtension(name)) && size < ATTACHMENT_MAX_BYTES;
}

/** What the upload call answers inside its envelope. */
export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  mimeType: string;
  url: string;
}
