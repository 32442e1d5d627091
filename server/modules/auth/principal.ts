import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Dialect } from "../../db/database";
import { isDatabaseUnavailable } from "../../db/faults";
import { prepare } from "../../db/prepared";
import { fromDbTime, toDbTime } from "../../db/time";
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
  /** One of the user's roles has data scope `all`: every company's archive (server/modules/companies/owners.ts). */
  seesAllCompanies: boolean;
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

type Deps = Pick<FastifyInstance, "db" | "dialect" | "log">;

/**
 * The codes a subquery lists, as the text of one JSON array (json_group_array on SQLite,
 * json_agg on PostgreSQL, null there when there are none).
 */
const codeList = (dialect: Dialect, ref: string) =>
  dialect === "postgres" ? sql<string | null>`json_agg(distinct ${sql.ref(ref)})::text` : sql<string | null>`json_group_array(distinct ${sql.ref(ref)})`;

/** Lists read before, sorted: the same few role and menu sets come back on every call. */
const knownCodes = new Map<string, readonly string[]>();
const KNOWN_CODES_KEPT = 1000;

/** The sorted codes of a codeList, each call its own array. */
function codesOf(list: string | null): string[] {
  if (list === null) return [];
  let codes = knownCodes.get(list);
  if (!codes) {
    codes = (JSON.parse(list) as string[]).sort();
    if (knownCodes.size >= KNOWN_CODES_KEPT) knownCodes.clear();
    knownCodes.set(list, codes);
  }
  return codes.slice();
}

/**
 * What the guard reads on every call, in one statement prepared once (server/db/prepared.ts):
 * the token's session and user as they are now (revocation, status, deletion), with the codes of
 * the user's roles and of the menus they hold, so a call costs one round trip to the database and
 * no query building. Nothing of it is kept between calls: a session ended or a role changed in any
 * process is seen by the next call.
 */
function prepareLookup(db: Deps["db"], dialect: Dialect) {
  return prepare(db, (v: { tokenHash: string }) =>
    db
      .selectFrom("accessTokens")
      .innerJoin("authSessions", "authSessions.id", "accessTokens.sessionId")
      .innerJoin("users", "users.id", "authSessions.userId")
      .select((eb) => [
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
        eb
          .selectFrom("userRoles")
          .innerJoin("roles", "roles.id", "userRoles.roleId")
          .select(codeList(dialect, "roles.code").as("codes"))
          .whereRef("userRoles.userId", "=", "users.id")
          .as("roleCodes"),
        eb
          .selectFrom("userRoles")
          .innerJoin("roleMenus", "roleMenus.roleId", "userRoles.roleId")
          .innerJoin("menus", "menus.id", "roleMenus.menuId")
          .select(codeList(dialect, "menus.code").as("codes"))
          .whereRef("userRoles.userId", "=", "users.id")
          .as("menuCodes"),
        eb
          .selectFrom("userRoles")
          .innerJoin("roles", "roles.id", "userRoles.roleId")
          .select((s) => s.fn.countAll().as("count"))
          .whereRef("userRoles.userId", "=", "users.id")
          .where("roles.dataScope", "=", "all")
          .as("allScopeRoles"),
      ])
      .where("accessTokens.tokenHash", "=", v.tokenHash),
  );
}

const lookups = new WeakMap<Deps["db"], ReturnType<typeof prepareLookup>>();

export async function checkAccessToken(app: Deps, token: string): Promise<TokenCheck> {
  let lookup = lookups.get(app.db);
  if (!lookup) lookups.set(app.db, (lookup = prepareLookup(app.db, app.dialect)));
  const row = await lookup.first({ tokenHash: hashToken(token) });
  const now = new Date();
  if (!row || fromDbTime(row.expiresAt) <= now) return { state: "invalid" };
  if (row.revokedAt !== null || row.status !== "enabled" || row.deleted === 1) return { state: "ended" };

  if (now.getTime() - fromDbTime(row.lastSeenAt).getTime() >= LAST_SEEN_INTERVAL_MS) {
    // Conditional, so that of several processes seeing the same session only one writes.
    try {
      await app.db
        .updateTable("authSessions")
        .set({ lastSeenAt: toDbTime(app.dialect, now) })
        .where("id", "=", row.sessionId)
        .where("lastSeenAt", "<=", toDbTime(app.dialect, new Date(now.getTime() - LAST_SEEN_INTERVAL_MS)))
        .execute();
    } catch (error) {
      // The session was just read, so the request goes on: only the time of its last call waits
      // for a later one (SQLite's lock held past our wait, by a patent import say).
      if (!isDatabaseUnavailable(error)) throw error;
      app.log.warn({ err: error, sessionId: row.sessionId }, "the session's last call could not be recorded");
    }
  }
  return {
    state: "valid",
    user: {
      id: row.userId,
      username: row.username,
      name: row.name,
      sessionId: row.sessionId,
      roles: codesOf(row.roleCodes),
      menus: codesOf(row.menuCodes),
      mustChangePassword: row.mustChangePassword === 1,
      // count(*) is a bigint, which PostgreSQL's driver hands over as text.
      seesAllCompanies: Number(row.allScopeRoles ?? 0) > 0,
    },
  };
}
