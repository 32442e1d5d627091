import { ATTACHMENT_EXTENSIONS, ATTACHMENT_REJECTION_MESSAGES, ATTACHMENT_RULES, checkFile, fileExtension } from "../../../../contract/files";
import type { FileRow } from "../../../db/schema";
import type { ServerText } from "../../../i18n";
import { ZipMessages, ZipRefusal, withZipFile } from "../../files/zipReader";
import { RecordMessages, validationMessage } from "./messages";

type AttachmentExtension = (typeof ATTACHMENT_EXTENSIONS)[number];

/** The content type [Content_Types].xml gives the main part of each Office Open XML package. */
const MAIN_PART: Record<AttachmentExtension, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
};

/** A real [Content_Types].xml lists a few dozen parts in a few KB. */
const CONTENT_TYPES_MAX_BYTES = 256 * 1024;

/**
 * Why a stored upload cannot be a record's attachment, or null when it can: the rules of the
 * form (kind by name, under 10 MB) first, then the content, since the name alone proves nothing (a
 * renamed program keeps its name). The package is opened through the bounded zip reader and its
 * declared main part must be the one of that kind of document.
 */
export async function attachmentProblem(file: FileRow, diskPath: string): Promise<ServerText | null> {
  const rejection = checkFile({ name: file.originalName, size: file.size }, ATTACHMENT_RULES);
  if (rejection) return validationMessage(ATTACHMENT_REJECTION_MESSAGES[rejection]);
  const mainPart = MAIN_PART[fileExtension(file.originalName) as AttachmentExtension];
  try {
    const types = await withZipFile(diskPath, (zip) => zip.text("[Content_Types].xml", CONTENT_TYPES_MAX_BYTES));
    return types?.includes(`ContentType="${mainPart}"`) ? null : RecordMessages.attachmentNotOffice;
  } catch (error) {
    if (error instanceof ZipRefusal) return error.reason === "tooLarge" ? ZipMessages.tooLarge : RecordMessages.attachmentNotOffice;
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return RecordMessages.attachmentMissing;
    throw error;
  }
}
