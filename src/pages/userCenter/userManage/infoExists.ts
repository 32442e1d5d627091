import type { Envelope } from "../../../../contract/envelope";
import { http } from "../../../../providers/http";

/**
 * Whether a username or mobile number is already taken (POST /api/user/infoExists). Silent: the
 * form shows the verdict under the field, and a failed check leaves the verdict to the save call.
 */
export async function infoExists(type: "username" | "mobile", value: string): Promise<boolean> {
  try {
    const body = await http.post<Envelope<{ exists: boolean }>>("/api/user/infoExists", { type, value }, { silent: true });
    return body.result?.exists === true;
  } catch {
    return false;
  }
}
