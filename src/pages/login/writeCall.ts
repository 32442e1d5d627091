import type { AxiosRequestConfig } from "axios";
import type { Envelope } from "../../../contract/envelope";
import { ApiError } from "../../../providers/apiError";
import { http } from "../../../providers/http";
import { notify } from "../../../providers/notifier";

/**
 * POSTs a write call. Write calls report success as status 1 (DESIGN "Calls"), so an answer with
 * code 200 but another status is a refusal: its message is shown and the call rejects like any failure.
 */
export async function postWrite<T = unknown>(url: string, data: unknown, config?: AxiosRequestConfig): Promise<T | undefined> {
  const body = await http.post<Envelope<T>>(url, data, config);
  if (body.status !== 1) {
    if (!config?.silent) notify.error(body.message);
    throw new ApiError(body.message, { code: body.code, httpStatus: 200, body });
  }
  return body.result;
}
