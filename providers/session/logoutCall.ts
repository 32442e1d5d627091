import type { Envelope } from "../../contract/envelope";
import { http } from "../http";
import { sessionStore } from "../storage";
import { SessionKey } from "../storageKeys";
import { signOutAtProvider } from "./providerSignOut";
import { endSession } from "./userSession";

/**
 * SPEC 4: calls the logout endpoint and ends the local session when it answers code 200 (it does
 * for a session that had already ended, too). A session begun by single sign-on then ends at the
 * provider as well, which takes the window away and back to the login page. Whatever happens the
 * caller then goes to the login page, so a failure is only logged.
 */
export async function logoutFromServer(): Promise<void> {
  // Read first: ending the local session removes it.
  const ssoIdToken = sessionStore.get(SessionKey.SSO_ID_TOKEN);
  try {
    const body = await http.get<Envelope>("/uaa/identity/logout", { noCode: true, silent: true });
    if (body?.code === 200) endSession();
  } catch (error) {
    console.warn("logout call failed", error);
  }
  if (ssoIdToken) await signOutAtProvider(ssoIdToken);
}
