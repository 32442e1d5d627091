import type { Envelope } from "../../contract/envelope";
import type { SsoSettings as SsoConfig } from "../../contract/schemas/sso";
import { Paths } from "../../contract/paths";
import { http } from "../http";

/** GET /api/open/sso: the single sign-on provider the server is configured with. */
export type { SsoConfig };

/** SPEC 7: the scopes of the authorize request. */
export const SSO_SCOPES = "openid profile phone offline_access";

/** The answer may list the scopes space-separated or as an array, and leave out the sign-out fields. */
type SsoAnswer = Omit<SsoConfig, "scopes" | "endSessionUrl" | "postLogoutRedirectUri"> &
  Partial<Pick<SsoConfig, "endSessionUrl" | "postLogoutRedirectUri">> & { scopes?: string | string[] };

/**
 * No token goes with it: the call is made exactly when the session is gone, and a session-invalid
 * answer to it must not start another round. Silent: each caller says what failed.
 */
export async function loadSsoConfig(): Promise<SsoConfig> {
  const answer = await http.get<Envelope<SsoAnswer>>("/api/open/sso", { noAuth: true, silent: true });
  const config = answer.result;
  if (!config?.authorizeUrl || !config.tokenUrl) throw new Error("single sign-on is not configured");
  const scopes = Array.isArray(config.scopes) ? config.scopes.join(" ") : config.scopes?.trim();
  return {
    ...config,
    endSessionUrl: config.endSessionUrl || null,
    redirectUri: config.redirectUri || new URL(Paths.AUTH_CALLBACK, window.location.origin).href,
    postLogoutRedirectUri: config.postLogoutRedirectUri || new URL(Paths.LOGIN_INDEX, window.location.origin).href,
    scopes: scopes || SSO_SCOPES,
  };
}
