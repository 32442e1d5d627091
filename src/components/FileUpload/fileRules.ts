export { checkFile, type FileRejection, type FileRules } from "../../../contract/files";

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
