import type { FastifyInstance } from "fastify";
import { fromDbTime } from "../../db/time";
import { hashToken } from "../auth/tokens";

export type TokenStatus = "valid" | "expired" | "invalid";

export interface TokenState {
  status: TokenStatus;
  active: boolean;
  /** When the token stops (or stopped) working, in seconds since the epoch. */
  exp?: number;
  username?: string;
}

/**
 * POST /oauth/check_token (SPEC 7): what one of our access tokens is worth, read without touching
 * its session. "expired" is told apart only while the token's row is kept; expired rows are swept
 * at each sign-in, after which the token reads as "invalid", like one that never existed. A token
 * of a signed-out session or of a disabled or deleted account is "invalid" too.
 */
export async function tokenState(app: Pick<FastifyInstance, "db">, token: string): Promise<TokenState> {
  const row = await app.db
    .selectFrom("accessTokens")
    .innerJoin("authSessions", "authSessions.id", "accessTokens.sessionId")
    .innerJoin("users", "users.id", "authSessions.userId")
    .select(["accessTokens.expiresAt", "authSessions.revokedAt", "users.username", "users.status", "users.deleted"])
    .where("accessTokens.tokenHash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.revokedAt !== null || row.status !== "enabled" || row.deleted === 1) return { status: "invalid", active: false };
  const expiresAt = fromDbTime(row.expiresAt);
  const exp = Math.floor(expiresAt.getTime() / 1000);
  if (expiresAt <= new Date()) return { status: "expired", active: false, exp };
  return { status: "valid", active: true, exp, username: row.username };
}
