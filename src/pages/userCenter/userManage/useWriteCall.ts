import { useCustomMutation, useInvalidate, useNotification } from "@refinedev/core";
import type { Envelope } from "../../../../contract/envelope";
import { ApiError } from "../../../../providers/apiError";
import type { Call } from "../../../../contract/resourceCalls";
import { customCall } from "../../../../providers/endpoints";

/**
 * Sends one of `resource`'s declared write actions through the data provider and refreshes its lists. Write calls report success
 * as status 1 (DESIGN "Calls"), so an answer with code 200 but another status is a refusal: its
 * message is shown like any failure (failed calls are toasted by the request layer already).
 */
export function useWriteCall(resource: string) {
  const { mutateAsync, mutation } = useCustomMutation();
  const invalidate = useInvalidate();
  const { open: toast } = useNotification();

  async function write<T>(action: Call & { method: "post" }, values: object): Promise<T | undefined> {
    const { data } = await mutateAsync({ ...customCall(action), values });
    const body = data as unknown as Envelope<T>;
    if (body.status !== 1) {
      toast?.({ type: "error", message: body.message });
      throw new ApiError(body.message, { code: body.code, httpStatus: 200, body });
    }
    await invalidate({ resource, invalidates: ["list"] });
    return body.result;
  }

  return { write, pending: mutation.isPending };
}
