import type { AxiosResponse } from "axios";
import type { Envelope } from "../../contract/envelope";
import type { ImportAnswer } from "../../contract/companies";
import { ApiError } from "../../providers/apiError";
import { saveDownload } from "../../providers/download";
import { http } from "../../providers/http";
import { companies } from "./resource";

/** The multipart field the import call reads the file from. */
const IMPORT_FIELD = "file";
export const IMPORT_ACCEPT = ".xlsx,.csv";

/** A row the server refused, by its line in the file (1 = the header). */
export interface ImportLineError {
  line: number;
  reason: string;
}

export type ImportOutcome = { imported: number } | { message: string; errors: ImportLineError[] };

const lineErrorsOf = (body: unknown): ImportLineError[] => {
  const errors = (body as Envelope<{ errors?: unknown }> | undefined)?.result?.errors;
  return Array.isArray(errors) ? (errors as ImportLineError[]) : [];
};

/**
 * Sends the file to the companies resource's `import` (a multipart upload, so plain http), which
 * imports it whole or not at all. Silent: the dialog shows the refusal itself, with the rows it names.
 */
export async function importCompanies(file: Blob, filename: string): Promise<ImportOutcome> {
  const form = new FormData();
  form.append(IMPORT_FIELD, file, filename);
  try {
    const body = await http.post<Envelope<ImportAnswer>>(companies.actions.import.url, form, { silent: true });
    return { imported: body.result?.imported ?? 0 };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { message: error.message, errors: lineErrorsOf(error.body) };
  }
}

/**
 * The declared template call: an .xlsx holding the header row the import expects, saved under the
 * server's file name. A download, so plain http rather than a data hook. Silent: the dialog shows
 * its own warning when it fails.
 */
export async function downloadImportTemplate(fallbackName: string): Promise<void> {
  const response = await http.get<AxiosResponse<Blob>>(companies.actions.importTemplate.url, { responseType: "blob", silent: true });
  saveDownload(response, fallbackName);
}
