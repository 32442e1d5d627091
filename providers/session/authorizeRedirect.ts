import { codeChallenge, randomHex, startPkceRound } from "./pkce";
import { loadSsoConfig, type SsoConfig } from "./ssoConfig";

export function authorizeUrl(config: SsoConfig, challenge: string, state: string): string {
  const url = new URL(config.authorizeUrl, window.location.origin);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", config.redirectUri);
  url.searchParams.set("scope", config.scopes);
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", challenge);
  url.searchParams.set("code_challenge_method", "S256");
  // Each sign-in's id token differs, even two of one account within a second: the server takes each once.
  url.searchParams.set("nonce", randomHex(16));
  return url.href;
}

/**
 * Sends the whole window to the provider's authorize page: authorization code with PKCE S256 (SPEC 7).
 * Rejects when the provider's address cannot be built (no configuration, no Web Crypto); the caller
 * decides where the user goes instead.
 */
export async function redirectToAuthorize(): Promise<void> {
  const config = await loadSsoConfig();
  const { verifier, state } = startPkceRound();
  const challenge = await codeChallenge(verifier);
  window.location.assign(authorizeUrl(config, challenge, state));
}
