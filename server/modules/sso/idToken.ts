import { errors, jwtVerify, type JWTPayload } from "jose";
import { AppError } from "../../errors";
import { text as serverText } from "../../i18n";
import { OAuthError } from "../auth/oauthError";
import { SSO_UNAVAILABLE, type SsoIssuer } from "./issuer";

export const ID_TOKEN_INVALID = serverText("server.auth.idTokenInvalid");

/** The claims vcpwd uses; the provider vouches for them by its signature. */
export interface Identity {
  sub: string;
  /** When the token expires, in seconds since the epoch. */
  exp: number;
  name?: string;
  preferredUsername?: string;
  /** Present only when the provider says it verified the number (phone_number_verified). */
  verifiedPhone?: string;
}

/** Leeway for clocks that disagree a little between the provider and this server. */
export const CLOCK_TOLERANCE_S = 30;
// Signatures by key pairs only: a shared-secret (HS*) token would prove nothing about the provider.
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];

/** Why a token is refused (error_description, kept in the log); the user only ever reads ID_TOKEN_INVALID. */
function refusalOf(error: unknown): string | null {
  if (error instanceof errors.JWTExpired) return "id token expired";
  if (error instanceof errors.JWTClaimValidationFailed) return `id token ${error.claim} invalid`;
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) return "id token signature invalid";
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSEAlgNotAllowed ||
    error instanceof errors.JOSENotSupported ||
    error instanceof errors.JWKSMultipleMatchingKeys
  ) {
    return "id token malformed";
  }
  return null;
}

export const invalidIdToken = (reason: string) => new OAuthError("invalid_grant", reason, ID_TOKEN_INVALID);

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/**
 * Checks an id token as OpenID Connect Core 3.1.3.7 asks: signed by the provider's key, issued by
 * it, for our client (and, among several audiences, authorised for us), not expired, not early.
 */
export async function verifyIdToken(sso: SsoIssuer, idToken: string): Promise<Identity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, await sso.keys(), {
      issuer: sso.issuer,
      audience: sso.clientId,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ["sub", "exp", "iat"],
    }));
  } catch (error) {
    if (error instanceof AppError) throw error;
    const reason = refusalOf(error);
    // Anything else is the provider's key set not answering: not the token's fault.
    if (reason === null) throw AppError.unavailable(SSO_UNAVAILABLE);
    throw invalidIdToken(reason);
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== sso.clientId) throw invalidIdToken("id token azp invalid");
  const sub = text(payload.sub);
  if (!sub) throw invalidIdToken("id token has no sub");
  const phone = text(payload.phone_number);
  return {
    sub,
    exp: payload.exp ?? 0,
    name: text(payload.name),
    preferredUsername: text(payload.preferred_username),
    verifiedPhone: phone && payload.phone_number_verified === true ? phone : undefined,
  };
}
