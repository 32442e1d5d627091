import { createHash, randomBytes } from "node:crypto";

/** An opaque bearer or refresh token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * What the database keeps of a token: its SHA-256. A copy of the tables hands out no usable
 * token, and 256 random bits need no salt or slow hash to resist guessing.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
