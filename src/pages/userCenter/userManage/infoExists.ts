import type { Envelope } from "../../../../contract/envelope";
import type { InfoExists } from "../../../../contract/schemas/accounts";
import { http } from "../../../../providers/http";
import { users } from "../../../../resources/users/resource";

/**
 * Whether a username or mobile number is already taken (the users resource's `infoExists`). Silent: the
 * form shows the verdict under the field, and a failed check leaves the verdict to the save call.
 */
export async function infoExists(type: "username" | "mobile", value: string): Promise<boolean> {
  try {
    const body = await http.post<Envelope<InfoExists>>(users.actions.infoExists.url, { type, value }, { silent: true });
    return body.result?.exists === true;
  } catch {
    return false;
  }
}
