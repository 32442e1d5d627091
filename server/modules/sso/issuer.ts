import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey } from "jose";
import { AppError } from "../../errors";
import { text } from "../../i18n";
import type { Logger } from "../../logger";
import type { CurrentDevProvider } from "./devProvider";
import { DEV_CLIENT_ID, devIssuerOf } from "./provider";

export interface SsoEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  /** OpenID Connect RP-Initiated Logout: where the app ends the provider's session; null when it offers none. */
  endSessionUrl: string | null;
}

/** The OpenID provider the platform trusts: the built-in development one or the configured one. */
export interface SsoIssuer {
  readonly issuer: string;
  /** The app's client at the provider: the audience its id tokens must name. */
  readonly clientId: string;
  endpoints(): Promise<SsoEndpoints>;
  /** The provider's public keys, for verifying its id tokens' signatures. */
  keys(): Promise<JWTVerifyGetKey>;
}

export const SSO_UNAVAILABLE = text("server.auth.ssoUnavailable");
const DISCOVERY_TIMEOUT_MS = 10_000;

/** The development provider answers in-process: no HTTP request to ourselves. */
export function builtInIssuer(publicUrl: string, current: CurrentDevProvider): SsoIssuer {
  let keys: JWTVerifyGetKey | null = null;
  return {
    issuer: devIssuerOf(publicUrl),
    clientId: DEV_CLIENT_ID,
    endpoints: async () => {
      const { provider } = await current();
      return { authorizeUrl: provider.urlFor("authorization"), tokenUrl: provider.urlFor("token"), endSessionUrl: provider.urlFor("end_session") };
    },
    keys: async () => (keys ??= createLocalJWKSet({ keys: [(await current()).secrets.publicKey] })),
  };
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint?: string;
}

function isDiscovery(value: unknown): value is Discovery {
  if (!value || typeof value !== "object") return false;
  const doc = value as Record<string, unknown>;
  const optional = doc.end_session_endpoint === undefined || typeof doc.end_session_endpoint === "string";
  return optional && ["issuer", "authorization_endpoint", "token_endpoint", "jwks_uri"].every((key) => typeof doc[key] === "string");
}

/**
 * An external provider (OIDC_ISSUER, OIDC_CLIENT_ID), described by its discovery document. The
 * document is fetched at first need and kept; a failed fetch is retried at the next need, so a
 * provider that was down at our start does not keep SSO down. jose's key set refetches the keys
 * itself when a token names a key it does not know (the provider rotated its keys).
 */
export function externalIssuer(oidc: { issuer: string; clientId: string }, log: Logger): SsoIssuer {
  const discoveryUrl = `${oidc.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  let discovery: Promise<{ doc: Discovery; keys: JWTVerifyGetKey }> | null = null;

  const discover = async () => {
    const response = await fetch(discoveryUrl, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS), headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const doc: unknown = await response.json();
    if (!isDiscovery(doc)) throw new Error("not an OpenID discovery document");
    // OpenID Connect Discovery 4.3: the document must be about the issuer it was asked for.
    if (doc.issuer !== oidc.issuer) throw new Error(`it names the issuer ${doc.issuer}`);
    return { doc, keys: createRemoteJWKSet(new URL(doc.jwks_uri)) };
  };

  const current = async () => {
    discovery ??= discover().catch((error: unknown) => {
      discovery = null;
      log.error({ err: error, discoveryUrl }, "OpenID provider discovery failed");
      throw AppError.unavailable(SSO_UNAVAILABLE);
    });
    return discovery;
  };

  return {
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    endpoints: async () => {
      const { doc } = await current();
      return { authorizeUrl: doc.authorization_endpoint, tokenUrl: doc.token_endpoint, endSessionUrl: doc.end_session_endpoint ?? null };
    },
    keys: async () => (await current()).keys,
  };
}
