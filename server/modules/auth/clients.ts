import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Config } from "../../config";
import type { GrantContext } from "./grants";
import { AuthMessages } from "./messages";
import { OAuthError } from "./oauthError";

const digest = (text: string) => createHash("sha256").update(text).digest();
const sameText = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** client_id and client_secret from HTTP Basic (RFC 6749 2.3.1) or, as the app sends them, the parameters. */
function credentialsOf(request: FastifyRequest, params: GrantContext["params"]): { id?: string; secret?: string } {
  const basic = /^\s*basic\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
  if (!basic) return { id: params.client_id, secret: params.client_secret };
  const decoded = Buffer.from(basic[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return {};
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    return {};
  }
}

/**
 * The configured clients: the web app (WEB_CLIENT_ID, WEB_CLIENT_SECRET). Its secret ships to
 * browsers, so it identifies the client rather than proving anything (DESIGN.md "Runtime").
 */
export function authenticateClient(config: Pick<Config, "webClientId" | "webClientSecret">, request: FastifyRequest, params: GrantContext["params"]): string {
  const { id, secret } = credentialsOf(request, params);
  if (!id || secret === undefined || !sameText(id, config.webClientId) || !sameText(secret, config.webClientSecret)) {
    throw new OAuthError("invalid_client", "client authentication failed", AuthMessages.invalidClient);
  }
  return id;
}
