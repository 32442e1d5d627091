import { storage } from "../storage";
import { StorageKey } from "../storageKeys";

/** SPEC 9: the code verifier is 64 random bytes, written as hex. */
export const CODE_VERIFIER_BYTES = 64;

/** What the callback needs from the authorize request; kept in localStorage to survive the round trip. */
export interface PkceRound {
  verifier: string;
  state: string;
}

export function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (b) => b.toString(16).padStart(2, "0")).join("");
}

function base64Url(bytes: Uint8Array): string {
  const binary = Array.from(bytes, (b) => String.fromCharCode(b)).join("");
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

export function startPkceRound(): PkceRound {
  const round = { verifier: randomHex(CODE_VERIFIER_BYTES), state: randomHex(16) };
  storage.set(StorageKey.SSO_PKCE, round);
  return round;
}

/** The stored round, removed as it is read: a code is exchanged once. */
export function takePkceRound(): PkceRound | null {
  const round = storage.get<Partial<PkceRound>>(StorageKey.SSO_PKCE);
  storage.remove(StorageKey.SSO_PKCE);
  return round?.verifier && round.state ? { verifier: round.verifier, state: round.state } : null;
}
