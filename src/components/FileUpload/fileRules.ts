import { fileExtension } from "../../../contract/files";

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

/** The value of an `<input type="file" accept>` attribute for a list of extensions. */
export const acceptAttribute = (accept: readonly string[] | undefined): string | undefined =>
  accept?.map((ext) => `.${ext}`).join(",");

/** "10MB", "500KB": how limits read in messages. */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)}${units[unit]}`;
}
