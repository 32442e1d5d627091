import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { buildApp } from "../../../../server/app";
import { openDatabase } from "../../../../server/db/database";
import { toDbTime } from "../../../../server/db/time";
import { createLogger } from "../../../../server/logger";
import { nextDigestAt, writeDigest } from "../../../../server/modules/followups/digest";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { validRecord } from "../serviceRecords/support";

const PASSWORD = "Follow-up-1";
/** Wall-clock instants in the server's zone (TZ defaults to Asia/Shanghai, UTC+8). */
const at = (wall: string) => new Date(`${wall.replace(" ", "T")}+08:00`);

interface Row {
  recordId: number | null;
  compId: number;
  companyName: string;
  nextFollowTime: string;
  source: "visit" | "rule";
  researchers: string | null;
  lastServiceTime: string | null;
}

describe.each(testDatabases())("follow-ups on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let staffA: SignedIn;
  let staffB: SignedIn;
  let member: SignedIn;
  let aId: number;
  let bId: number;
  const comp: Record<string, number> = {};

  const post = (who: SignedIn, url: string, payload: unknown) =>
    t.app.inject({ method: "POST", url, headers: who.headers, payload: payload as Record<string, unknown> });
  const get = (who: SignedIn, url: string) => t.app.inject({ method: "GET", url, headers: who.headers });

  /** Moves the clock and signs everyone in again (tokens live two hours of the clock). */
  async function clock(wall: string): Promise<void> {
    vi.setSystemTime(at(wall));
    admin = await signInAsAdmin(t.app);
    staffA = await signIn(t.app, "followA", PASSWORD);
    staffB = await signIn(t.app, "followB", PASSWORD);
    member = await signIn(t.app, "followMember", PASSWORD);
  }

  async function company(name: string, ownerId: number): Promise<number> {
    const now = toDbTime(t.app.dialect, at("2026-02-01 09:00:00"));
    const { id } = await t.app.db.insertInto("companies").values({ name, createdAt: now, updatedAt: now }).returning("id").executeTakeFirstOrThrow();
    await t.app.db.insertInto("companyOwners").values({ companyId: id, userId: ownerId }).execute();
    return id;
  }

  async function visit(who: SignedIn, compId: number, serviceTime: string, nextFollowTime: string | null = null): Promise<number> {
    const res = await post(who, "/api/archives/releaseArchives", validRecord(compId, { serviceTime, nextFollowTime }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.id as number;
  }

  async function list(who: SignedIn, due: string, size = 100): Promise<{ total: number; records: Row[] }> {
    const res = await post(who, "/api/followups/listData", { current: 1, size, model: { due } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result;
  }
  const names = async (who: SignedIn, due: string) => (await list(who, due)).records.map((r) => r.companyName);
  const summary = async (who: SignedIn) => (await get(who, "/api/followups/summary")).json().result;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: at("2026-03-01 09:00:00") });
    t = await startTestApp(kind);
    aId = await createUser(t.app, { username: "followA", password: PASSWORD, roles: [RoleCode.STAFF], name: "跟进甲" });
    bId = await createUser(t.app, { username: "followB", password: PASSWORD, roles: [RoleCode.STAFF], name: "跟进乙" });
    await createUser(t.app, { username: "followMember", password: PASSWORD, roles: [RoleCode.MEMBER] });
    await clock("2026-03-01 09:00:00");
    for (const [name, next] of [
      ["c1", "2026-03-09 23:59:59"],
      ["c2", "2026-03-10 00:00:00"],
      ["c3", "2026-03-10 23:59:59"],
      ["c4", "2026-03-11 00:00:00"],
      ["c5", "2026-03-16 23:59:59"],
      ["c6", "2026-03-17 00:00:00"],
    ] as const) {
      comp[name] = await company(name, aId);
      await visit(staffA, comp[name], "2026-03-01 10:00:00", next);
    }
    comp.b1 = await company("b1", bId);
    await visit(staffB, comp.b1, "2026-03-01 10:00:00", "2026-03-09 10:00:00");
    // A visit without a next follow-up time is no follow-up.
    comp.none = await company("none", aId);
    await visit(staffA, comp.none, "2026-03-01 10:00:00");
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  it("puts each follow-up in its bucket by the zone's days, most overdue first", async () => {
    await clock("2026-03-10 10:00:00");
    expect(await names(staffA, "overdue")).toEqual(["c1"]);
    expect(await names(staffA, "today")).toEqual(["c2", "c3"]);
    expect(await names(staffA, "week")).toEqual(["c2", "c3", "c4", "c5"]);
    expect(await names(staffA, "all")).toEqual(["c1", "c2", "c3", "c4", "c5", "c6"]);
    expect(await summary(staffA)).toEqual({ overdue: 1, today: 2, week: 4 });
    const [first] = (await list(staffA, "overdue")).records;
    expect(first).toMatchObject({ compId: comp.c1, nextFollowTime: "2026-03-09 23:59:59", lastServiceTime: "2026-03-01 10:00:00", source: "visit" });
    expect(first.recordId).toEqual(expect.any(Number));
    expect(first.researchers).toBeTruthy();
    // Paged, with the total of the filter.
    const page = await post(staffA, "/api/followups/listData", { current: 2, size: 2, model: { due: "all" } });
    expect(page.json().result).toMatchObject({ total: 6, current: 2, size: 2 });
    expect(page.json().result.records.map((r: Row) => r.companyName)).toEqual(["c3", "c4"]);
    // The page size is bounded.
    expect((await post(staffA, "/api/followups/listData", { current: 1, size: 1000, model: { due: "all" } })).statusCode).toBe(400);

    // The last second of the day is still today; midnight makes it overdue.
    await clock("2026-03-10 23:59:59");
    expect(await summary(staffA)).toEqual({ overdue: 1, today: 2, week: 4 });
    await clock("2026-03-11 00:00:00");
    expect(await names(staffA, "overdue")).toEqual(["c1", "c2", "c3"]);
    expect(await names(staffA, "today")).toEqual(["c4"]);
    // The week now reaches the end of 17 March.
    expect(await names(staffA, "week")).toEqual(["c4", "c5", "c6"]);
  });

  it("lists only the companies in the user's reach", async () => {
    await clock("2026-03-10 10:00:00");
    expect(await names(staffB, "all")).toEqual(["b1"]);
    expect(await summary(staffB)).toEqual({ overdue: 1, today: 0, week: 0 });
    // The administrator owns none and reaches every company.
    expect(await names(admin, "all")).toEqual(["b1", "c1", "c2", "c3", "c4", "c5", "c6"]);
    // Owning one makes "my" follow-ups the owned ones.
    await t.app.db.insertInto("companyOwners").values({ companyId: comp.b1, userId: admin.userId }).execute();
    expect(await names(admin, "all")).toEqual(["b1"]);
    await t.app.db.deleteFrom("companyOwners").where("userId", "=", admin.userId).execute();
    // Without the menu code, refused.
    expect((await get(member, "/api/followups/summary")).statusCode).toBe(403);
    expect((await post(member, "/api/followups/listData", { current: 1, size: 10 })).statusCode).toBe(403);
    // Closing another's company's follow-up is outside the scope.
    const [b1] = (await list(staffB, "all")).records;
    const refused = await post(staffA, "/api/followups/close", { compId: comp.b1, recordId: b1.recordId, note: "不是我的" });
    expect(refused.statusCode).toBe(403);
  });

  it("clears a follow-up when a later visit is recorded, not an earlier one", async () => {
    await clock("2026-03-10 10:00:00");
    // An older visit entered now does not supersede the latest.
    await visit(staffA, comp.c2, "2026-02-20 10:00:00");
    expect(await names(staffA, "today")).toEqual(["c2", "c3"]);
    // The follow-up visit itself clears it.
    await visit(staffA, comp.c2, "2026-03-10 09:30:00");
    expect(await names(staffA, "today")).toEqual(["c3"]);
    // A visit that sets the next follow-up replaces it with that one.
    const next = await visit(staffA, comp.c1, "2026-03-10 09:00:00", "2026-03-12 09:00:00");
    const rows = (await list(staffA, "all")).records;
    expect(rows.map((r) => r.companyName)).toEqual(["c3", "c4", "c1", "c5", "c6"]);
    expect(rows.find((r) => r.compId === comp.c1)).toMatchObject({ recordId: next, nextFollowTime: "2026-03-12 09:00:00", lastServiceTime: "2026-03-10 09:00:00" });
  });

  it("takes a company's last visit and follow-up from its latest record that is not voided", async () => {
    await clock("2026-03-10 10:00:00");
    comp.voided = await company("voided", aId);
    const kept = await visit(staffA, comp.voided, "2026-03-05 10:00:00", "2026-03-11 09:00:00");
    const later = await visit(staffA, comp.voided, "2026-03-08 10:00:00");
    expect((await list(staffA, "all")).records.map((r) => r.compId)).not.toContain(comp.voided);
    const before = await summary(staffA);
    await t.app.db
      .updateTable("serviceRecords")
      .set({ voidedAt: toDbTime(t.app.dialect, new Date()), voidedBy: aId, voidReason: "录错企业" })
      .where("id", "=", later)
      .execute();
    const row = (await list(staffA, "all")).records.find((r) => r.compId === comp.voided);
    expect(row).toMatchObject({ recordId: kept, nextFollowTime: "2026-03-11 09:00:00", lastServiceTime: "2026-03-05 10:00:00" });
    expect(await summary(staffA)).toEqual({ ...before, week: before.week + 1 });
    await t.app.db.deleteFrom("serviceRecords").where("compId", "=", comp.voided).execute();
  });

  it("closes a follow-up with a note, keeping who and when", async () => {
    await clock("2026-03-10 10:00:00");
    const row = (await list(staffA, "today")).records.find((r) => r.compId === comp.c3);
    expect(row).toBeDefined();
    // A stale record id (a newer visit came meanwhile) is refused.
    const stale = await post(staffA, "/api/followups/close", { compId: comp.c3, recordId: (row?.recordId ?? 0) + 100000, note: "电话已沟通" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe("该企业已有新的走访，待跟进事项已变化，请刷新后再试");
    expect((await post(staffA, "/api/followups/close", { compId: comp.c3, recordId: row?.recordId, note: "" })).statusCode).toBe(400);
    const closed = await post(staffA, "/api/followups/close", { compId: comp.c3, recordId: row?.recordId, note: "电话已沟通，无需上门" });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await names(staffA, "today")).toEqual([]);
    const kept = await t.app.db.selectFrom("followupClosures").selectAll().where("compId", "=", comp.c3).execute();
    expect(kept).toEqual([expect.objectContaining({ recordId: row?.recordId, note: "电话已沟通，无需上门", closedBy: aId })]);
    // Nothing is left to close.
    const again = await post(staffA, "/api/followups/close", { compId: comp.c3, recordId: row?.recordId, note: "再次" });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("该企业当前没有待跟进事项");
    // The log names the action.
    const log = await t.app.db.selectFrom("operationLogs").select("logAction").where("path", "=", "/api/followups/close").where("exceptionType", "=", 0).execute();
    expect(log).toEqual([{ logAction: "关闭跟进事项" }]);
  });

  it("adds a company N days after its last visit by the administrators' rule", async () => {
    await clock("2026-03-10 10:00:00");
    const r7 = await company("r7", aId);
    await visit(staffA, r7, "2026-03-02 15:00:00");
    const r30 = await company("r30", aId);
    await visit(staffA, r30, "2026-03-05 10:00:00");
    const never = await company("never", aId);
    // Only administrators set it, to 7, 15 or 30 days.
    expect((await post(staffA, "/api/company/followupRule", { compId: r7, days: 7 })).statusCode).toBe(403);
    expect((await post(admin, "/api/company/followupRule", { compId: r7, days: 10 })).statusCode).toBe(400);
    expect((await post(admin, "/api/company/followupRule", { compId: 999999, days: 7 })).statusCode).toBe(404);
    for (const [id, days] of [[r7, 7], [r30, 30], [never, 30]] as const) {
      expect((await post(admin, "/api/company/followupRule", { compId: id, days })).json()).toMatchObject({ code: 200, result: { compId: id, days } });
    }
    expect((await get(admin, `/api/company/followupRule/${r7}`)).json().result).toEqual({ compId: r7, days: 7 });
    // r7: last visit 2 March 15:00 + 7 days = 9 March 15:00, overdue; r30 is not due yet, so not listed.
    const rows = (await list(staffA, "all")).records;
    expect(rows.find((r) => r.compId === r7)).toMatchObject({ source: "rule", nextFollowTime: "2026-03-09 15:00:00", lastServiceTime: "2026-03-02 15:00:00" });
    expect(rows.some((r) => r.compId === r30)).toBe(false);
    // Never visited: counted from the company's creation (1 February) + 30 days = 3 March.
    const neverRow = (await list(staffA, "overdue")).records.find((r) => r.compId === never);
    expect(neverRow).toMatchObject({ recordId: null, lastServiceTime: null, nextFollowTime: "2026-03-03 09:00:00" });
    // Listed from the start of the day it falls due.
    await clock("2026-04-04 00:00:00");
    expect((await list(staffA, "today")).records.map((r) => r.compId)).toContain(r30);
    // Closing restarts the count from the closure; a visit from the visit.
    await clock("2026-03-10 10:00:00");
    const close = await post(staffA, "/api/followups/close", { compId: r7, recordId: rows.find((r) => r.compId === r7)?.recordId, note: "企业春节停工" });
    expect(close.statusCode, close.body).toBe(200);
    expect((await list(staffA, "all")).records.some((r) => r.compId === r7)).toBe(false);
    await clock("2026-03-17 10:00:00");
    expect((await list(staffA, "today")).records.find((r) => r.compId === r7)).toMatchObject({ source: "rule", nextFollowTime: "2026-03-17 10:00:00" });
    await visit(staffA, r7, "2026-03-17 09:00:00");
    expect((await list(staffA, "all")).records.some((r) => r.compId === r7)).toBe(false);
    // Removing the rule removes the company from the list.
    await clock("2026-03-10 10:00:00");
    expect((await post(admin, "/api/company/followupRule", { compId: never, days: null })).json().result).toEqual({ compId: never, days: null });
    expect((await list(staffA, "all")).records.some((r) => r.compId === never)).toBe(false);
  });

  it("writes the daily digest once per user and day, even from two processes at once", async () => {
    await clock("2026-03-20 08:30:00");
    expect(nextDigestAt(at("2026-03-20 08:29:59"), "Asia/Shanghai")).toEqual(at("2026-03-20 08:30:00"));
    expect(nextDigestAt(at("2026-03-20 08:30:00"), "Asia/Shanghai")).toEqual(at("2026-03-21 08:30:00"));
    const logger = createLogger(t.config);
    const second = await openDatabase(t.config, logger);
    // A second server on the same database: its start writes today's digest too.
    const other = await buildApp({ config: t.config, database: second, logger });
    try {
      await Promise.all([writeDigest(t.app, new Date()), writeDigest(other, new Date()), other.ready()]);
      await other.close();
      const rows = await t.app.db.selectFrom("notifications").select(["userId", "kind", "day", "params"]).orderBy("userId").execute();
      // The administrator reaches every company; A and B their own. The member has no follow-ups menu.
      expect(rows.map((r) => r.userId).sort((x, y) => x - y)).toEqual([admin.userId, aId, bId].sort((x, y) => x - y));
      expect(rows.every((r) => r.day === "2026-03-20" && r.kind === "followupDigest")).toBe(true);
      expect(JSON.parse(rows.find((r) => r.userId === bId)?.params ?? "{}")).toEqual({ overdue: 1, today: 0 });
      // Again the same day: nothing more.
      expect(await writeDigest(t.app, new Date())).toBe(0);
      // The next day, one more each.
      await clock("2026-03-21 08:30:00");
      expect(await writeDigest(t.app, new Date())).toBe(3);
    } finally {
      await other.close().catch(() => undefined);
      await second.close().catch(() => undefined);
    }
  });

  it("lists a user's own notifications and marks them read", async () => {
    await clock("2026-03-21 09:00:00");
    const mine = (await get(staffB, "/api/notifications")).json().result;
    expect(mine.unread).toBe(2);
    expect(mine.records[0]).toMatchObject({ kind: "followupDigest", day: "2026-03-21", params: { overdue: 1, today: 0 }, readAt: null });
    const ids = mine.records.map((r: { id: number }) => r.id);
    // Another user's ids change nothing.
    expect((await post(staffA, "/api/notifications/read", { ids })).json().result).toEqual({ unread: 2 });
    expect((await get(staffB, "/api/notifications")).json().result.unread).toBe(2);
    expect((await post(staffB, "/api/notifications/read", { ids: [ids[0]] })).json().result).toEqual({ unread: 1 });
    const after = (await get(staffB, "/api/notifications")).json().result;
    expect(after.records[0].readAt).toBe("2026-03-21 09:00:00");
    expect((await post(staffB, "/api/notifications/read", { ids: [] })).statusCode).toBe(400);
    // The member has none, but may ask.
    expect((await get(member, "/api/notifications")).json().result).toEqual({ records: [], unread: 0 });
  });
  it("counts on the badge what the list lists, with rules, closures, voided and superseded visits", async () => {
    await clock("2026-04-01 09:00:00");
    // A rule due before its visit's follow-up; a visit's follow-up closed; a later visit voided, so
    // the one before it is the last; a later visit with no follow-up supersedes one that had one.
    const ruled = await company("mix-rule", aId);
    await visit(staffA, ruled, "2026-03-20 10:00:00", "2026-05-30 10:00:00");
    expect((await post(admin, "/api/company/followupRule", { compId: ruled, days: 7 })).statusCode).toBe(200);
    const closedComp = await company("mix-closed", aId);
    const closedVisit = await visit(staffA, closedComp, "2026-03-25 10:00:00", "2026-04-02 10:00:00");
    const voidedComp = await company("mix-voided", aId);
    await visit(staffA, voidedComp, "2026-03-25 10:00:00", "2026-04-03 10:00:00");
    const voided = await visit(staffA, voidedComp, "2026-03-30 10:00:00", "2026-06-01 10:00:00");
    expect((await post(staffA, "/api/archives/voidRecord", { id: voided, reason: "录错企业" })).statusCode).toBe(200);
    const superseded = await company("mix-superseded", aId);
    await visit(staffA, superseded, "2026-03-25 10:00:00", "2026-04-01 10:00:00");
    await visit(staffA, superseded, "2026-03-31 10:00:00");
    expect((await post(staffA, "/api/followups/close", { compId: closedComp, recordId: closedVisit, note: "电话已沟通" })).statusCode).toBe(200);

    for (const wall of ["2026-04-01 09:00:00", "2026-04-03 12:00:00", "2026-04-20 09:00:00"]) {
      await clock(wall);
      for (const who of [admin, staffA, staffB]) {
        const totals = { overdue: (await list(who, "overdue")).total, today: (await list(who, "today")).total, week: (await list(who, "week")).total };
        expect(await summary(who), `${wall}, user ${who.userId}`).toEqual(totals);
      }
    }
    await clock("2026-04-03 12:00:00");
    const listed = await names(staffA, "all");
    expect(listed).toContain("mix-rule");
    expect(listed).toContain("mix-voided");
    expect(listed).not.toContain("mix-closed");
    expect(listed).not.toContain("mix-superseded");
    const rows = (await list(staffA, "all")).records;
    // The rule's 7 days from 20 March fall due before the visit's 30 May.
    expect(rows.find((r) => r.companyName === "mix-rule")).toMatchObject({ source: "rule" });
    expect(rows.find((r) => r.companyName === "mix-voided")).toMatchObject({ nextFollowTime: "2026-04-03 10:00:00", lastServiceTime: "2026-03-25 10:00:00" });

    // A next follow-up time written by any code (here SQL) is what the list and the badge read next.
    const before = await summary(staffA);
    await t.app.db
      .updateTable("serviceRecords")
      .set({ nextFollowTime: toDbTime(t.app.dialect, at("2026-04-03 18:00:00")) })
      .where("compId", "=", superseded)
      .where("serviceTime", "=", toDbTime(t.app.dialect, at("2026-03-31 10:00:00")))
      .execute();
    expect((await list(staffA, "today")).records.find((r) => r.companyName === "mix-superseded")).toMatchObject({ nextFollowTime: "2026-04-03 18:00:00" });
    expect(await summary(staffA)).toEqual({ ...before, today: before.today + 1, week: before.week + 1 });
  });
});
