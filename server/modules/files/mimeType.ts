import { fileExtension } from "../../../contract/files";

/**
 * What a stored file is, decided from its first bytes rather than from what the browser claimed,
 * so a page disguised as a picture is never served as one.
 */
export const SNIFF_BYTES = 512;

const OOXML: Record<string, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

const OLE: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

/** Types whose content cannot be recognised by a signature. Nothing here renders active content. */
const BY_EXTENSION: Record<string, string> = {
  txt: "text/plain",
  csv: "text/csv",
  md: "text/markdown",
  json: "application/json",
  rtf: "application/rtf",
  mp3: "audio/mpeg",
};

const RASTER_IMAGES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

const startsWith = (head: Buffer, bytes: number[] | string, offset = 0) => {
  const signature = typeof bytes === "string" ? Buffer.from(bytes, "latin1") : Buffer.from(bytes);
  return head.length >= offset + signature.length && head.subarray(offset, offset + signature.length).equals(signature);
};

export function sniffMimeType(head: Buffer, fileName: string): string {
  const ext = fileExtension(fileName);
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, "GIF87a") || startsWith(head, "GIF89a")) return "image/gif";
  if (startsWith(head, "RIFF") && startsWith(head, "WEBP", 8)) return "image/webp";
  if (startsWith(head, "%PDF-")) return "application/pdf";
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    return OOXML[ext] ?? "application/zip";
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return OLE[ext] ?? "application/octet-stream";
  if (startsWith(head, "ftyp", 4)) return "video/mp4";
  const text = head.toString("utf8").replace(/^\uFEFF/, "").trimStart().toLowerCase();
  if (text.includes("<svg")) return "image/svg+xml";
  return BY_EXTENSION[ext] ?? "application/octet-stream";
}

/**
 * Only raster images are shown in the page; everything else, SVG included (it can carry
 * script), is offered as a download.
 */
export function isInlineImage(mimeType: string): boolean {
  return RASTER_IMAGES.has(mimeType);
}
