import type { Readable } from "node:stream";
import JSZip from "jszip";
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, fileExtension } from "../../../../contract/files";
import type { FileRow } from "../../../db/schema";

type AttachmentExtension = (typeof ATTACHMENT_EXTENSIONS)[number];

/** The content type [Content_Types].xml gives the main part of each Office Open XML package. */
const MAIN_PART: Record<AttachmentExtension, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
};

const isAttachmentExtension = (ext: string): ext is AttachmentExtension => (ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext);

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Whether a stored upload really is the .docx, .xlsx or .pptx its name says and under 10 MB:
 * the name alone proves nothing (a renamed program keeps its name), so the package is opened and
 * its declared main part must be the one of that kind of document.
 */
export async function isOfficeAttachment(file: FileRow, open: () => Promise<Readable | undefined>): Promise<boolean> {
  const ext = fileExtension(file.originalName);
  if (!isAttachmentExtension(ext) || file.size >= ATTACHMENT_MAX_BYTES) return false;
  const stream = await open();
  if (!stream) return false;
  const bytes = await bytesOf(stream);
  if (bytes.length >= ATTACHMENT_MAX_BYTES) return false;
  try {
    const zip = await JSZip.loadAsync(bytes);
    const types = await zip.file("[Content_Types].xml")?.async("string");
    return types !== undefined && types.includes(`ContentType="${MAIN_PART[ext]}"`);
  } catch {
    return false;
  }
}
