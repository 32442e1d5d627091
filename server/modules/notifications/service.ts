import type { Generated, Kysely } from "kysely";
import { NOTIFICATION_LIST_MAX, type NotificationKind } from "../../../contract/followups";
import type { NotificationItem, NotificationList } from "../../../contract/schemas/notifications";
import type { Dialect } from "../../db/database";
import type { Database, DbTime, Timestamp } from "../../db/schema";
import { formatDateTime, fromDbTime, toDbTime } from "../../db/time";

declare module "../../db/schema" {
  interface Database {
    notifications: NotificationsTable;
  }
}

/** Migration 0013: one in-app notification; (userId, kind, day, ref) is unique (migration 0018). */
export interface NotificationsTable {
  id: Generated<number>;
  userId: number;
  kind: NotificationKind;
  /** YYYY-MM-DD in the server's zone: the day the notification is about. */
  day: string;
  /** What the notification is about within its day (a watch's patent); '' for the daily digest. */
  ref: Generated<string>;
  /** JSON of the numbers its text shows. */
  params: string;
  createdAt: Timestamp;
  readAt: DbTime | null;
}

export interface NotificationDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  timeZone: string;
}

const parseParams = (json: string): Record<string, string | number> => {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string | number>) : {};
  } catch {
    return {};
  }
};

/** The notifications' unique key: INSERT … ON CONFLICT names it. */
export const NOTIFICATION_KEY = ["userId", "kind", "day", "ref"] as const;

/** The in-app notification centre: a user's own notifications only. */
export class Notifications {
  constructor(private readonly deps: NotificationDeps) {}

  /**
   * Writes a notification unless the user already has one of that kind for that day: the unique
   * key decides, so several processes writing the same one at once leave one row. True when written.
   */
  async addOnce(userId: number, kind: NotificationKind, day: string, params: Record<string, string | number>, now: Date): Promise<boolean> {
    const result = await this.deps.db
      .insertInto("notifications")
      .values({ userId, kind, day, params: JSON.stringify(params), createdAt: toDbTime(this.deps.dialect, now) })
      .onConflict((oc) => oc.columns(NOTIFICATION_KEY).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** GET /api/notifications: the latest ones, newest first, and how many are unread. */
  async list(userId: number): Promise<NotificationList> {
    const { db, timeZone } = this.deps;
    const rows = await db
      .selectFrom("notifications")
      .select(["id", "kind", "day", "params", "createdAt", "readAt"])
      .where("userId", "=", userId)
      .orderBy("id", "desc")
      .limit(NOTIFICATION_LIST_MAX)
      .execute();
    const records: NotificationItem[] = rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      params: parseParams(row.params),
      day: row.day,
      createdAt: formatDateTime(fromDbTime(row.createdAt), timeZone),
      readAt: row.readAt === null ? null : formatDateTime(fromDbTime(row.readAt), timeZone),
    }));
    return { records, unread: await this.unread(userId) };
  }

  async unread(userId: number): Promise<number> {
    const row = await this.deps.db
      .selectFrom("notifications")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("userId", "=", userId)
      .where("readAt", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** POST /api/notifications/read: the user's own among `ids` become read (others' ids are ignored). */
  async markRead(userId: number, ids: readonly number[], now: Date): Promise<number> {
    await this.deps.db
      .updateTable("notifications")
      .set({ readAt: toDbTime(this.deps.dialect, now) })
      .where("userId", "=", userId)
      .where("id", "in", [...new Set(ids)])
      .where("readAt", "is", null)
      .execute();
    return this.unread(userId);
  }
}
