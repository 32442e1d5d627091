import type { CrudFilter, CrudSort } from "@refinedev/core";
import type { AxiosResponse } from "axios";
import { saveDownload } from "../../providers/download";
import { http } from "../../providers/http";
import { modelFromFilters } from "../../providers/listRequest";
import { visits } from "./resource";

/**
 * The declared export call with the list's current model and order (what the table shows, every
 * page); saves the .xlsx. Silent: the caller shows SPEC 8's single warning, or the server's reason
 * (too many rows) when it gives one.
 */
export async function exportVisits(filters: CrudFilter[], sorters: readonly CrudSort[], fallbackName: string): Promise<void> {
  const { url, bearer } = visits.actions.export;
  const orders = sorters.map((sorter) => ({ column: sorter.field, asc: sorter.order === "asc" }));
  const response = await http.post<AxiosResponse<Blob>>(
    url,
    { model: modelFromFilters(filters, visits.calls.list.numberFilters), ...(orders.length > 0 ? { orders } : {}) },
    { responseType: "blob", bearer, silent: true },
  );
  saveDownload(response, fallbackName);
}
