import type { FastifyInstance } from "fastify";
import type { Page } from "../../../contract/envelope";
import type { ActiveSession } from "../../../contract/users";
import type { Locale } from "../../../i18n/types";
import type { ListSortColumn } from "../../../contract/listSorts";
import { containsText } from "../../db/like";
import { ordered, type ListOrder, type SortRefs } from "../../db/order";
import { formatDateTime, fromDbTime, toDbTime } from "../../db/time";
import { AppError } from "../../errors";
import { text } from "../../i18n";
import { revokeSession } from "../auth/sessions";
import { browserOf } from "./browser";

export const SessionMessages = {
  notFound: text("server.sessions.notFound"),
} as const;

type Deps = Pick<FastifyInstance, "db" | "dialect" | "config">;

export interface SessionQuery {
  current: number;
  size: number;
  model?: { username?: string };
  orders?: ListOrder<ListSortColumn<"sessions">>[];
}

const SORT_REFS: SortRefs<ListSortColumn<"sessions">> = { signInDate: "authSessions.createdAt", lastCallDate: "authSessions.lastSeenAt" };

/**
 * Sessions that still work: not revoked, and holding an unexpired access token or an unspent,
 * unexpired refresh token (a session whose tokens all ran out is over without being revoked).
 */
function liveSessions(deps: Deps, username?: string) {
  const now = toDbTime(deps.dialect, new Date());
  let query = deps.db
    .selectFrom("authSessions")
    .innerJoin("users", "users.id", "authSessions.userId")
    .where("authSessions.revokedAt", "is", null)
    .where("users.deleted", "=", 0)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom("accessTokens").select("sessionId").whereRef("accessTokens.sessionId", "=", "authSessions.id").where("accessTokens.expiresAt", ">", now)),
        eb.exists(
          eb
            .selectFrom("refreshTokens")
            .select("sessionId")
            .whereRef("refreshTokens.sessionId", "=", "authSessions.id")
            .where("refreshTokens.usedAt", "is", null)
            .where("refreshTokens.expiresAt", ">", now),
        ),
      ]),
    );
  if (username) query = query.where((eb) => containsText(deps.dialect, eb.ref("users.username"), username));
  return query;
}

/** POST /api/session/list: the most recently active first, or as the caller sorts them. */
export async function listSessions(deps: Deps, query: SessionQuery, locale: Locale): Promise<Page<ActiveSession>> {
  const username = query.model?.username?.trim();
  const [{ total }, rows] = await Promise.all([
    liveSessions(deps, username)
      .select((eb) => eb.fn.countAll().as("total"))
      .executeTakeFirstOrThrow(),
    ordered(
      liveSessions(deps, username)
        .select([
          "authSessions.id",
          "authSessions.userId",
          "users.username",
          "users.name",
          "authSessions.ip",
          "authSessions.userAgent",
          "authSessions.createdAt",
          "authSessions.lastSeenAt",
        ]),
      query.orders,
      SORT_REFS,
      { column: "lastCallDate", asc: false },
      "authSessions.id",
    )
      .limit(query.size)
      .offset((query.current - 1) * query.size)
      .execute(),
  ]);
  const time = (value: Parameters<typeof fromDbTime>[0]) => formatDateTime(fromDbTime(value), deps.config.timeZone);
  return {
    records: rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      username: row.username,
      name: row.name,
      ip: row.ip,
      browser: browserOf(row.userAgent, locale),
      userAgent: row.userAgent,
      signInDate: time(row.createdAt),
      lastCallDate: time(row.lastSeenAt),
    })),
    total: Number(total),
    current: query.current,
    size: query.size,
  };
}

/** Ends a live session: its user's next call answers 41202. */
export async function endSession(deps: Deps, id: number): Promise<void> {
  const session = await deps.db.selectFrom("authSessions").select("id").where("id", "=", id).where("revokedAt", "is", null).executeTakeFirst();
  if (!session) throw AppError.notFound(SessionMessages.notFound);
  await revokeSession(deps, id, "admin");
}
