import type { CrudFilter } from "@refinedev/core";
import type { AxiosResponse } from "axios";
import { saveDownload } from "../../providers/download";
import { http } from "../../providers/http";
import type { Call } from "../../providers/endpoints";
import { LOG_NUMBER_FILTERS } from "../../providers/endpoints";
import { modelFromFilters } from "../../providers/listRequest";

/** GET /api/logs/:id, given to useOne as its endpoint (the registry's logs resource lists only). */
export const LOG_DETAIL_CALL: Call = { method: "get", url: "/api/logs/:id", bearer: true };

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
  saveDownload(response, fallbackName);
}
