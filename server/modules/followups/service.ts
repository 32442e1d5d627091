import type { Expression, Generated, Kysely, SqlBool } from "kysely";
import { ErrorCode } from "../../../contract/envelope";
import type { FollowupDue, FollowupRuleDays, FollowupSource } from "../../../contract/followups";
import type { Page } from "../../../contract/envelope";
import type { FollowupRow, FollowupSummary } from "../../../contract/schemas/followups";
import type { Dialect } from "../../db/database";
import type { Database, DbTime, Timestamp } from "../../db/schema";
import { formatDate, formatDateTime, fromDbTime, parseDateTime, toDbTime } from "../../db/time";
import { AppError } from "../../errors";
import { text } from "../../i18n";
import type { SignedInUser } from "../auth/principal";
import { CompanyScope } from "../companies/owners";
import { VisitCounts } from "../statistics/counts";

declare module "../../db/schema" {
  interface Database {
    companyFollowupRules: CompanyFollowupRulesTable;
    followupClosures: FollowupClosuresTable;
    lastVisits: LastVisitsTable;
  }
}

/** Migration 0019: a company's latest visit not voided, kept by statistics/counts.ts. */
export interface LastVisitsTable {
  compId: number;
  recordId: number;
  serviceTime: DbTime;
  nextFollowTime: DbTime | null;
}

/** Migration 0013: a company's "no visit for N days" rule. */
export interface CompanyFollowupRulesTable {
  compId: number;
  days: number;
  updatedBy: number | null;
  updatedAt: Timestamp;
}

/** Migration 0013: a follow-up closed with a note. */
export interface FollowupClosuresTable {
  id: Generated<number>;
  compId: number;
  recordId: number | null;
  note: string;
  closedBy: number;
  closedAt: Timestamp;
}

export const FollowupMessages = {
  notFound: text("server.followups.notFound"),
  changed: text("server.followups.changed"),
  companyNotFound: text("server.companies.notFound"),
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The follow-up of one company, as computed for an instant. */
export interface Followup {
  compId: number;
  companyName: string;
  recordId: number | null;
  due: Date;
  source: FollowupSource;
  ruleDays: number | null;
  lastServiceTime: Date | null;
}

/** The zone's day boundaries around an instant: the buckets' edges. */
export interface DayBounds {
  /** YYYY-MM-DD of `now` in the zone. */
  day: string;
  todayStart: Date;
  tomorrowStart: Date;
  /** The start of the day 7 days after today: "week" is [todayStart, weekEnd). */
  weekEnd: Date;
}

/** The day `days` after a YYYY-MM-DD day, as YYYY-MM-DD (calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Midnight of a YYYY-MM-DD day in the zone. */
function startOf(day: string, timeZone: string): Date {
  const start = parseDateTime(`${day} 00:00:00`, timeZone);
  if (!start) throw new Error(`not a day: ${day}`);
  return start;
}

export function dayBounds(now: Date, timeZone: string): DayBounds {
  const day = formatDate(now, timeZone);
  return {
    day,
    todayStart: startOf(day, timeZone),
    tomorrowStart: startOf(addDays(day, 1), timeZone),
    weekEnd: startOf(addDays(day, 7), timeZone),
  };
}

/** Whether a follow-up due at `due` falls in the filter. */
export function inBucket(due: Date, bucket: FollowupDue, bounds: DayBounds): boolean {
  const t = due.getTime();
  switch (bucket) {
    case "overdue":
      return t < bounds.todayStart.getTime();
    case "today":
      return t >= bounds.todayStart.getTime() && t < bounds.tomorrowStart.getTime();
    case "week":
      return t >= bounds.todayStart.getTime() && t < bounds.weekEnd.getTime();
    case "all":
      return true;
  }
}

/** Reading a flag that is a boolean on PostgreSQL and 0/1 on SQLite. */
const truthy = (value: unknown): boolean => value === true || value === 1 || value === "1" || value === 1n;

const later = (a: Date | null, b: Date | null): Date | null => (a === null ? b : b === null || a >= b ? a : b);

export interface FollowupDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  timeZone: string;
}

/**
 * Follow-ups (issue 11 item 3), derived on each call from the companies in the user's reach:
 *
 * - a company's latest visit (greatest service time, then id) with a next follow-up time, unless
 *   that visit's follow-up was closed: due at that time. A later visit of the company (by service
 *   time) supersedes it, so recording the follow-up visit clears it;
 * - a company with a "no visit for N days" rule, once N days have passed since the later of its
 *   last visit and its last closure (its creation when there is neither): due that day, listed from
 *   the start of the day it falls due. When both apply, the earlier due counts.
 *
 * "The user's companies": those the user owns; a user who owns none and whose role reaches every
 * company (data scope `all`) gets every company's. Each company's latest visit is read from
 * last_visits (migration 0019), brought up to date with the records first (VisitCounts.refresh),
 * so the cost follows the number of companies, not of visits.
 */
export class Followups {
  private readonly scope: CompanyScope;
  private readonly lastVisits: VisitCounts;

  constructor(private readonly deps: FollowupDeps) {
    this.scope = new CompanyScope(deps.db);
    this.lastVisits = new VisitCounts(deps);
  }

  /** The owner the user's follow-ups are limited to, or undefined for every company; null for none. */
  private async reach(user: Pick<SignedInUser, "id" | "seesAllCompanies">): Promise<number | undefined | null> {
    const owns = await this.deps.db.selectFrom("companyOwners").select("companyId").where("userId", "=", user.id).limit(1).executeTakeFirst();
    if (owns) return user.id;
    return this.scope.seesAll(user) ? undefined : null;
  }

  /**
   * Every follow-up of the user's companies at `now`, earliest due first; only one company's, or
   * only those of companies with a rule, when asked.
   */
  async all(user: Pick<SignedInUser, "id" | "seesAllCompanies">, now: Date, only: { compId?: number; withRule?: boolean } = {}): Promise<Followup[]> {
    const owner = await this.reach(user);
    if (owner === null) return [];
    await this.lastVisits.refresh();
    const { db } = this.deps;
    let query = db
      .selectFrom("companies as c")
      .leftJoin("companyFollowupRules as rule", "rule.compId", "c.id")
      .leftJoin("lastVisits as lv", "lv.compId", "c.id")
      .select((eb) => [
        "c.id as compId",
        "c.name as companyName",
        "c.createdAt as companyCreatedAt",
        "rule.days as ruleDays",
        "lv.recordId as lastId",
        "lv.serviceTime",
        "lv.nextFollowTime",
        eb.exists(eb.selectFrom("followupClosures as fc").select("fc.id").whereRef("fc.recordId", "=", "lv.recordId")).as("closed"),
        eb.selectFrom("followupClosures as fc").select((f) => f.fn.max("fc.closedAt").as("m")).whereRef("fc.compId", "=", "c.id").as("lastClosedAt"),
      ]);
    if (owner !== undefined) query = query.where("c.id", "in", db.selectFrom("companyOwners").select("companyId").where("userId", "=", owner));
    if (only.compId !== undefined) query = query.where("c.id", "=", only.compId);
    query = only.withRule
      ? query.where("rule.days", "is not", null)
      : query.where((eb) => eb.or([eb("lv.nextFollowTime", "is not", null), eb("rule.days", "is not", null)]));
    const rows = await query.execute();

    const { tomorrowStart } = dayBounds(now, this.deps.timeZone);
    const found: Followup[] = [];
    for (const row of rows) {
      const lastServiceTime = row.serviceTime == null ? null : fromDbTime(row.serviceTime);
      let due: Date | null = null;
      let source: FollowupSource = "visit";
      if (row.nextFollowTime != null && !truthy(row.closed)) due = fromDbTime(row.nextFollowTime);
      if (row.ruleDays != null) {
        const lastClosedAt = row.lastClosedAt == null ? null : fromDbTime(row.lastClosedAt as DbTime);
        const base = later(lastServiceTime, lastClosedAt) ?? fromDbTime(row.companyCreatedAt);
        const ruleDue = new Date(base.getTime() + row.ruleDays * DAY_MS);
        if (ruleDue < tomorrowStart && (due === null || ruleDue < due)) {
          due = ruleDue;
          source = "rule";
        }
      }
      if (due === null) continue;
      found.push({
        compId: row.compId,
        companyName: row.companyName,
        recordId: row.lastId ?? null,
        due,
        source,
        ruleDays: row.ruleDays ?? null,
        lastServiceTime,
      });
    }
    return found.sort((a, b) => a.due.getTime() - b.due.getTime() || a.compId - b.compId);
  }

  /** POST /api/followups/listData: one page of a filter, earliest due (so the most overdue) first. */
  async page(user: Pick<SignedInUser, "id" | "seesAllCompanies">, query: { current: number; size: number; due: FollowupDue }, now: Date): Promise<Page<FollowupRow>> {
    const bounds = dayBounds(now, this.deps.timeZone);
    const matching = (await this.all(user, now)).filter((f) => inBucket(f.due, query.due, bounds));
    const start = (query.current - 1) * query.size;
    const shown = matching.slice(start, start + query.size);
    // The researchers of the page's visits only: the long records are read for the rows shown.
    const recordIds = shown.flatMap((f) => (f.recordId === null ? [] : [f.recordId]));
    const researchers = new Map<number, string | null>();
    if (recordIds.length > 0) {
      for (const r of await this.deps.db.selectFrom("serviceRecords").select(["id", "researchers"]).where("id", "in", recordIds).execute()) researchers.set(r.id, r.researchers);
    }
    const records = shown.map((f) => this.row(f, bounds, f.recordId === null ? null : (researchers.get(f.recordId) ?? null)));
    return { records, total: matching.length, current: query.current, size: query.size };
  }

  row(f: Followup, bounds: DayBounds, researchers: string | null): FollowupRow {
    const { timeZone } = this.deps;
    return {
      state: inBucket(f.due, "overdue", bounds) ? "overdue" : inBucket(f.due, "today", bounds) ? "today" : "upcoming",
      recordId: f.recordId,
      compId: f.compId,
      companyName: f.companyName,
      nextFollowTime: formatDateTime(f.due, timeZone),
      source: f.source,
      ruleDays: f.ruleDays,
      researchers,
      lastServiceTime: f.lastServiceTime === null ? null : formatDateTime(f.lastServiceTime, timeZone),
    };
  }

  /**
   * GET /api/followups/summary, the header's badge on every page. The companies without a rule
   * are counted by the database (their due is their latest visit's next follow-up, unless closed);
   * the few with a rule are derived as `all` does, since their due depends on more than one time.
   */
  async summary(user: Pick<SignedInUser, "id" | "seesAllCompanies">, now: Date): Promise<FollowupSummary> {
    const owner = await this.reach(user);
    if (owner === null) return { overdue: 0, today: 0, week: 0 };
    const bounds = dayBounds(now, this.deps.timeZone);
    const { db, dialect } = this.deps;
    const [todayStart, tomorrowStart, weekEnd] = [bounds.todayStart, bounds.tomorrowStart, bounds.weekEnd].map((d) => toDbTime(dialect, d));
    const withRules = await this.all(user, now, { withRule: true });
    let counted = db
      .selectFrom("lastVisits as lv")
      .select((eb) => {
        const count = (when: Expression<SqlBool>) => eb.fn.sum<number | string | null>(eb.case().when(when).then(1).else(0).end());
        return [
          count(eb("lv.nextFollowTime", "<", todayStart)).as("overdue"),
          count(eb.and([eb("lv.nextFollowTime", ">=", todayStart), eb("lv.nextFollowTime", "<", tomorrowStart)])).as("today"),
          count(eb("lv.nextFollowTime", ">=", todayStart)).as("week"),
        ];
      })
      // Every bucket ends before the week's end.
      .where("lv.nextFollowTime", "<", weekEnd)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("companyFollowupRules as rule").select("rule.compId").whereRef("rule.compId", "=", "lv.compId"))))
      .where((eb) => eb.not(eb.exists(eb.selectFrom("followupClosures as fc").select("fc.id").whereRef("fc.recordId", "=", "lv.recordId"))));
    if (owner !== undefined) counted = counted.where("lv.compId", "in", db.selectFrom("companyOwners").select("companyId").where("userId", "=", owner));
    const row = await counted.executeTakeFirstOrThrow();
    const summary = { overdue: Number(row.overdue ?? 0), today: Number(row.today ?? 0), week: Number(row.week ?? 0) };
    for (const f of withRules) {
      if (inBucket(f.due, "overdue", bounds)) summary.overdue++;
      if (inBucket(f.due, "today", bounds)) summary.today++;
      if (inBucket(f.due, "week", bounds)) summary.week++;
    }
    return summary;
  }

  /**
   * POST /api/followups/close: the company's current follow-up is closed with a note (who and when
   * kept). 404 when the company has none in the user's list, 409 when it is no longer the one the
   * caller saw (a visit was recorded meanwhile). The company's scope is checked by the route.
   */
  async close(user: Pick<SignedInUser, "id" | "seesAllCompanies">, body: { compId: number; recordId: number | null; note: string }, now: Date): Promise<void> {
    const [current] = await this.all(user, now, { compId: body.compId });
    if (!current) throw AppError.notFound(FollowupMessages.notFound);
    if (current.recordId !== body.recordId) throw new AppError(ErrorCode.CONFLICT, FollowupMessages.changed);
    await this.deps.db
      .insertInto("followupClosures")
      .values({ compId: body.compId, recordId: current.recordId, note: body.note.trim() || body.note, closedBy: user.id, closedAt: toDbTime(this.deps.dialect, now) })
      .execute();
  }

  /** POST /api/company/followupRule: the company's rule becomes `days`, or none. */
  async setRule(compId: number, days: FollowupRuleDays | null, userId: number, now: Date): Promise<void> {
    const { db, dialect } = this.deps;
    const company = await db.selectFrom("companies").select("id").where("id", "=", compId).executeTakeFirst();
    if (!company) throw AppError.notFound(FollowupMessages.companyNotFound);
    if (days === null) {
      await db.deleteFrom("companyFollowupRules").where("compId", "=", compId).execute();
      return;
    }
    const updatedAt = toDbTime(dialect, now);
    await db
      .insertInto("companyFollowupRules")
      .values({ compId, days, updatedBy: userId, updatedAt })
      .onConflict((oc) => oc.column("compId").doUpdateSet({ days, updatedBy: userId, updatedAt }))
      .execute();
  }

  async rule(compId: number): Promise<FollowupRuleDays | null> {
    const company = await this.deps.db.selectFrom("companies").select("id").where("id", "=", compId).executeTakeFirst();
    if (!company) throw AppError.notFound(FollowupMessages.companyNotFound);
    const row = await this.deps.db.selectFrom("companyFollowupRules").select("days").where("compId", "=", compId).executeTakeFirst();
    return (row?.days ?? null) as FollowupRuleDays | null;
  }
}
