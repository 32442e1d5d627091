import type { FastifyInstance } from "fastify";
import { fromDbTime, toDbTime } from "../../db/time";
import { accessOf } from "./permissions";
import { hashToken } from "./tokens";

/** The caller behind a valid access token: request.user. */
export interface SignedInUser {
  id: number;
  username: string;
  name: string;
  sessionId: number;
  roles: string[];
  /** Menu codes the user's roles hold; a route naming one of them needs it. */
  menus: string[];
  /** A generated password is still to be replaced (server/plugins/auth.ts lets little through). */
  mustChangePassword: boolean;
}

/**
 * valid: the token works. invalid: unknown or expired (sign in again, code 40101). ended: its
 * session was revoked or its account disabled or deleted (code 41202).
 */
export type TokenCheck = { state: "valid"; user: SignedInUser } | { state: "invalid" } | { state: "ended" };

/** Writes to last_seen_at are spaced at least this far apart, so requests do not each write. */
export const LAST_SEEN_INTERVAL_MS = 60_000;

export async function checkAccessToken(app: Pick<FastifyInstance, "db" | "dialect">, token: string): Promise<TokenCheck> {
  const row = await app.db
    .selectFrom("accessTokens")
    .innerJoin("authSessions", "authSessions.id", "accessTokens.sessionId")
    .innerJoin("users", "users.id", "authSessions.userId")
    .select([
      "accessTokens.expiresAt",
      "authSessions.id as sessionId",
      "authSessions.revokedAt",
      "authSessions.lastSeenAt",
      "users.id as userId",
      "users.username",
      "users.name",
      "users.status",
      "users.deleted",
      "users.mustChangePassword",
    ])
    .where("accessTokens.tokenHash", "=", hashToken(token))
    .executeTakeFirst();
  const now = new Date();
  if (!row || fromDbTime(row.expiresAt) <= now) return { state: "invalid" };
  if (row.revokedAt !== null || row.status !== "enabled" || row.deleted === 1) return { state: "ended" };

  if (now.getTime() - fromDbTime(row.lastSeenAt).getTime() >= LAST_SEEN_INTERVAL_MS) {
    // Conditional, so that of several processes seeing the same session only one writes.
    await app.db
      .updateTable("authSessions")
      .set({ lastSeenAt: toDbTime(app.dialect, now) })
      .where("id", "=", row.sessionId)
      .where("lastSeenAt", "<=", toDbTime(app.dialect, new Date(now.getTime() - LAST_SEEN_INTERVAL_MS)))
      .execute();
  }
  const { roles, menus } = await accessOf(app.db, row.userId);
  return {
    state: "valid",
    user: {
      id: row.userId,
      username: row.username,
      name: row.name,
      sessionId: row.sessionId,
      roles,
      menus,
      mustChangePassword: row.mustChangePassword === 1,
    },
  };
}
