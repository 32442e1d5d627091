import type { CrudFilter } from "@refinedev/core";
import type { AxiosResponse } from "axios";
import { http } from "../../providers/http";
import type { Call } from "../../providers/endpoints";
import { LOG_NUMBER_FILTERS } from "../../providers/endpoints";
import { modelFromFilters } from "../../providers/listRequest";

/** GET /api/logs/:id, given to useOne as its endpoint (the registry's logs resource lists only). */
export const LOG_DETAIL_CALL: Call = { method: "get", url: "/api/logs/:id", bearer: true };

/** The file name of a download: RFC 5987 `filename*` first, then plain `filename`, else the fallback. */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:[\w-]+'[^']*')?([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // A malformed escape falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** Hands a downloaded file to the browser as a save. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * POST /api/logs/export with the list's current model (the same filters the table shows) and saves
 * the .xlsx. Silent: the caller shows SPEC 8's single "Export failed" warning.
 */
export async function exportLogs(filters: CrudFilter[], fallbackName: string): Promise<void> {
  const response = await http.post<AxiosResponse<Blob>>(
    "/api/logs/export",
    { model: modelFromFilters(filters, LOG_NUMBER_FILTERS) },
    { responseType: "blob", bearer: true, silent: true },
  );
  const disposition = response.headers["content-disposition"] as string | undefined;
  saveBlob(response.data, fileNameOf(disposition, fallbackName));
}
