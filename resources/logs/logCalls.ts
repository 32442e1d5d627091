import type { CrudFilter } from "@refinedev/core";
import type { AxiosResponse } from "axios";
import { saveDownload } from "../../providers/download";
import { http } from "../../providers/http";
import { modelFromFilters } from "../../providers/listRequest";
import { logs } from "./resource";

/**
 * The declared export call with the list's current model (the same filters the table shows); saves
 * the .xlsx. A download, so plain http rather than a data hook. Silent: the caller shows SPEC 8's
 * single "Export failed" warning.
 */
export async function exportLogs(filters: CrudFilter[], fallbackName: string): Promise<void> {
  const { url, bearer } = logs.actions.export;
  const response = await http.post<AxiosResponse<Blob>>(
    url,
    { model: modelFromFilters(filters, logs.calls.list.numberFilters) },
    { responseType: "blob", bearer, silent: true },
  );
  saveDownload(response, fallbackName);
}
