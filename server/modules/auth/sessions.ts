import type { FastifyInstance } from "fastify";
import type { Transaction } from "kysely";
import { ErrorCode } from "../../../contract/envelope";
import type { Database, RevokeReason } from "../../db/schema";
import { fromDbTime, toDbTime } from "../../db/time";
import { AuthMessages } from "./messages";
import { OAuthError, RefreshReuseError } from "./oauthError";
import { hashToken, newToken } from "./tokens";

/** What the session functions need of the app; any Fastify scope has it. */
export type SessionDeps = Pick<FastifyInstance, "db" | "dialect" | "config">;

export interface ClientContext {
  clientId: string;
  ip: string;
  userAgent: string | null;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token works. */
  expiresIn: number;
  sessionId: number;
  userId: number;
}

const USER_AGENT_MAX = 500;

const refreshInvalid = () => new OAuthError("invalid_grant", "refresh token invalid or expired", AuthMessages.refreshInvalid, ErrorCode.REFRESH_INVALID);

function lifetimes(config: SessionDeps["config"]) {
  return { accessMs: config.accessTokenTtlMin * 60_000, refreshMs: config.refreshTokenTtlDays * 86_400_000 };
}

/** A new access and refresh token for the session; only their hashes are stored. */
async function addTokenPair(trx: Transaction<Database>, deps: SessionDeps, sessionId: number, userId: number, now: Date): Promise<IssuedTokens> {
  const { accessMs, refreshMs } = lifetimes(deps.config);
  const accessToken = newToken();
  const refreshToken = newToken();
  await trx
    .insertInto("accessTokens")
    .values({ tokenHash: hashToken(accessToken), sessionId, expiresAt: toDbTime(deps.dialect, new Date(now.getTime() + accessMs)) })
    .execute();
  await trx
    .insertInto("refreshTokens")
    .values({ tokenHash: hashToken(refreshToken), sessionId, expiresAt: toDbTime(deps.dialect, new Date(now.getTime() + refreshMs)), usedAt: null })
    .execute();
  return { accessToken, refreshToken, expiresIn: accessMs / 1000, sessionId, userId };
}

/**
 * Tokens past their lifetime are of no use to anyone, used refresh tokens included (their reuse
 * can no longer be told from any expired token), so each issue sweeps them away.
 */
async function sweepExpired(trx: Transaction<Database>, deps: SessionDeps, now: Date): Promise<void> {
  const cutoff = toDbTime(deps.dialect, now);
  await trx.deleteFrom("accessTokens").where("expiresAt", "<", cutoff).execute();
  await trx.deleteFrom("refreshTokens").where("expiresAt", "<", cutoff).execute();
}

/**
 * Starts a session for a user who has proved who they are (a grant, or a test) and returns its
 * first token pair. Lockout, status and client checks are the caller's.
 */
export async function issueTokens(app: SessionDeps, userId: number, context: ClientContext): Promise<IssuedTokens> {
  const now = new Date();
  const at = toDbTime(app.dialect, now);
  return app.db.transaction().execute(async (trx) => {
    await sweepExpired(trx, app, now);
    const session = await trx
      .insertInto("authSessions")
      .values({
        userId,
        clientId: context.clientId,
        ip: context.ip,
        userAgent: context.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        createdAt: at,
        lastSeenAt: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return addTokenPair(trx, app, session.id, userId, now);
  });
}

/**
 * The refresh_token grant: the presented token is spent and a new pair is issued in the same
 * session. A token spent before means someone else holds a copy, so the whole session dies
 * (RFC 9700 4.14.2) and RefreshReuseError says so; any other failure is code 41201.
 */
export async function rotateRefreshToken(app: SessionDeps, refreshToken: string, clientId: string): Promise<IssuedTokens> {
  const now = new Date();
  const tokenHash = hashToken(refreshToken);
  const row = await app.db
    .selectFrom("refreshTokens")
    .innerJoin("authSessions", "authSessions.id", "refreshTokens.sessionId")
    .innerJoin("users", "users.id", "authSessions.userId")
    .select([
      "refreshTokens.sessionId",
      "refreshTokens.expiresAt",
      "refreshTokens.usedAt",
      "authSessions.clientId",
      "authSessions.revokedAt",
      "users.id as userId",
      "users.username",
      "users.status",
      "users.deleted",
    ])
    .where("refreshTokens.tokenHash", "=", tokenHash)
    .executeTakeFirst();
  // A token of another client is treated as unknown: it proves nothing about this one.
  if (!row || row.clientId !== clientId) throw refreshInvalid();
  if (row.revokedAt !== null) throw refreshInvalid();
  const reused = async (): Promise<never> => {
    await revokeSession(app, row.sessionId, "refresh_reuse");
    throw new RefreshReuseError(AuthMessages.refreshReused, { id: row.userId, username: row.username });
  };
  if (row.usedAt !== null) return reused();
  if (fromDbTime(row.expiresAt) <= now || row.status !== "enabled" || row.deleted === 1) throw refreshInvalid();

  const issued = await app.db.transaction().execute(async (trx) => {
    // Spent only if still unspent: of two requests racing with one token, exactly one wins.
    const spent = await trx
      .updateTable("refreshTokens")
      .set({ usedAt: toDbTime(app.dialect, now) })
      .where("tokenHash", "=", tokenHash)
      .where("usedAt", "is", null)
      .executeTakeFirst();
    if (spent.numUpdatedRows === 0n) return null;
    await sweepExpired(trx, app, now);
    return addTokenPair(trx, app, row.sessionId, row.userId, now);
  });
  return issued ?? reused();
}

/** Ends one session: its access tokens stop working at once and its refresh tokens are refused. */
export async function revokeSession(app: SessionDeps, sessionId: number, reason: RevokeReason): Promise<void> {
  await app.db
    .updateTable("authSessions")
    .set({ revokedAt: toDbTime(app.dialect, new Date()), revokeReason: reason })
    .where("id", "=", sessionId)
    .where("revokedAt", "is", null)
    .execute();
}

/**
 * Ends every live session of a user (password changed, account disabled, an administrator's
 * call), except the one named, typically the caller's own. Returns how many were ended.
 */
export async function revokeUserSessions(
  app: SessionDeps,
  userId: number,
  reason: RevokeReason,
  options: { exceptSessionId?: number } = {},
): Promise<number> {
  let query = app.db
    .updateTable("authSessions")
    .set({ revokedAt: toDbTime(app.dialect, new Date()), revokeReason: reason })
    .where("userId", "=", userId)
    .where("revokedAt", "is", null);
  if (options.exceptSessionId !== undefined) query = query.where("id", "!=", options.exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
