import type { CrudFilter, CrudSort } from "@refinedev/core";
import type { AxiosResponse } from "axios";
import type { Envelope } from "../../contract/envelope";
import type { PatentImportJob, PatentInspection, Preset } from "../../contract/schemas/patents";
import { saveDownload } from "../../providers/download";
import { http } from "../../providers/http";
import { modelFromFilters } from "../../providers/listRequest";
import { patentImports, patents } from "./resource";

/** A declared call's address with its `:name` slot filled. */
export const slotted = (url: string, name: string, value: string | number): string => url.replace(`:${name}`, encodeURIComponent(String(value)));

/**
 * The declared export with the list's model and order (every filtered row, as the table orders
 * them); saves the .xlsx. Silent: the button shows one warning, the server's reason where it gives one.
 */
export async function exportPatents(filters: CrudFilter[], sorters: readonly CrudSort[], fallbackName: string): Promise<void> {
  const orders = sorters.map((sorter) => ({ column: sorter.field, asc: sorter.order === "asc" }));
  const response = await http.post<AxiosResponse<Blob>>(
    patents.actions.export.url,
    { model: modelFromFilters(filters), ...(orders.length > 0 ? { orders } : {}) },
    { responseType: "blob", silent: true },
  );
  saveDownload(response, fallbackName);
}

/** The file with the preset or the mapping, as both multipart calls take them. */
function importForm(file: File, preset: number | undefined, mapping: Record<string, string | null> | undefined): FormData {
  const form = new FormData();
  if (preset !== undefined) form.append("preset", String(preset));
  if (mapping) form.append("mapping", JSON.stringify(mapping));
  form.append("file", file, file.name);
  return form;
}

/** Multipart uploads, so plain http with the declared addresses; failures toast through the http layer. */
export async function inspectExport(file: File, preset?: number, mapping?: Record<string, string | null>): Promise<PatentInspection> {
  const body = await http.post<Envelope<PatentInspection>>(patentImports.actions.inspect.url, importForm(file, preset, mapping));
  if (!body.result) throw new Error("no inspection in the answer");
  return body.result;
}

export async function startImport(file: File, preset?: number, mapping?: Record<string, string | null>): Promise<number> {
  const body = await http.post<Envelope<{ jobId: number }>>(patentImports.actions.start.url, importForm(file, preset, mapping));
  if (!body.result) throw new Error("no job in the answer");
  return body.result.jobId;
}

export type { PatentImportJob, PatentInspection, Preset };
