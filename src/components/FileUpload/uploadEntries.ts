import type { UploadFile } from "antd";
import { downloadPath } from "../../../contract/files";

/** A row of the upload list; `response.id` is set once the file is stored on the server. */
export type UploadEntry = UploadFile<{ id: string }>;

/**
 * A stored file's row. Only an image is linked by address (the server shows it to anyone holding
 * its id, as `<img>` needs); any other file is fetched with the token when asked for.
 */
export function storedEntry(id: string, name: string, linked: boolean): UploadEntry {
  if (!linked) return { uid: id, name, status: "done", response: { id } };
  const url = downloadPath(id);
  return { uid: id, name, status: "done", url, thumbUrl: url, response: { id } };
}

export function doneIds(list: readonly UploadEntry[]): string[] {
  return list.flatMap((entry) => (entry.status === "done" && entry.response ? [entry.response.id] : []));
}

/** Files that count against the maximum: stored ones and those on their way. */
export const occupiedCount = (list: readonly UploadEntry[]): number =>
  list.filter((entry) => entry.status === "done" || entry.status === "uploading").length;

export const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * The list for ids set from outside (a loaded record, a form reset): rows already known keep
 * their names, uploads still running stay.
 */
export function entriesForIds(
  ids: readonly string[],
  current: readonly UploadEntry[],
  nameOf: (id: string, index: number) => string,
  linked: boolean,
): UploadEntry[] {
  const stored = ids.map(
    (id, index) =>
      current.find((entry) => entry.status === "done" && entry.response?.id === id) ?? storedEntry(id, nameOf(id, index), linked),
  );
  return [...stored, ...current.filter((entry) => entry.status === "uploading")];
}
