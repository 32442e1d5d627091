import type { Envelope } from "../../contract/envelope";
import { http } from "../http";
import { endSession } from "./userSession";

/**
 * SPEC 4: calls the logout endpoint and ends the local session when it answers code 200. Whatever
 * happens the caller then goes to the login page, so a failure is only logged.
 */
export async function logoutFromServer(): Promise<void> {
  try {
    const body = await http.get<Envelope>("/uaa/identity/logout", { noCode: true, silent: true });
    if (body?.code === 200) endSession();
  } catch (error) {
    console.warn("logout call failed", error);
  }
}
