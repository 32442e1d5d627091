import { useCustomMutation, useInvalidate } from "@refinedev/core";
import type { Envelope } from "../../../../contract/envelope";
import { ApiError } from "../../../../providers/apiError";
import { notify } from "../../../../providers/notifier";

/**
 * POSTs an administration write call and refreshes `resource`'s lists. Write calls report success
 * as status 1 (DESIGN "Calls"), so an answer with code 200 but another status is a refusal: its
 * message is shown like any failure (failed calls are toasted by the request layer already).
 */
export function useWriteCall(resource: string) {
  const { mutateAsync, mutation } = useCustomMutation();
  const invalidate = useInvalidate();

  async function write<T>(url: string, values: object): Promise<T | undefined> {
    const { data } = await mutateAsync({ url, method: "post", values });
    const body = data as unknown as Envelope<T>;
    if (body.status !== 1) {
      notify.error(body.message);
      throw new ApiError(body.message, { code: body.code, httpStatus: 200, body });
    }
    await invalidate({ resource, invalidates: ["list"] });
    return body.result;
  }

  return { write, pending: mutation.isPending };
}
