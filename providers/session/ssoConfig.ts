import type { Envelope } from "../../contract/envelope";
import { Paths } from "../../src/routes";
import { http } from "../http";

/** GET /api/open/sso: the single sign-on provider the server is configured with. */
export interface SsoConfig {
  issuer: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** The provider's end_session_endpoint (RP-Initiated Logout); null when it has none. */
  endSessionUrl: string | null;
  clientId: string;
  redirectUri: string;
  /** Where the provider sends the browser after signing out: the login page. */
  postLogoutRedirectUri: string;
  /** Space-separated, as the authorize request's scope parameter takes them. */
  scopes: string;
}

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
