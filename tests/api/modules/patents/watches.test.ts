import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { buildApp } from "../../../../server/app";
import { openDatabase } from "../../../../server/db/database";
import { createLogger } from "../../../../server/logger";
import { PATENT_WATCH_NOTICES_MAX, PATENT_WATCHES_MAX, type PatentWatch } from "../../../../contract/schemas/patentWatches";
import { testDatabases } from "../../helpers/databases";
import { signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { HANDMADE } from "./fixtures";
import { cells, importFile, memberOf, numbers, patsnapXlsx, userWithRole, type HandmadePatent } from "./support";

describe.each(testDatabases())("patent watches on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let staff: SignedIn;
  let other: SignedIn;

  const watch = (who: SignedIn, body: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/patents/watches", headers: who.headers, payload: body });
  const listOf = async (who: SignedIn): Promise<PatentWatch[]> => {
    const res = await t.app.inject({ method: "GET", url: "/api/patents/watches", headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.records as PatentWatch[];
  };
  const remove = (who: SignedIn, id: number) => t.app.inject({ method: "DELETE", url: `/api/patents/watches/${id}`, headers: who.headers });
  const created = async (who: SignedIn, body: Record<string, unknown>): Promise<PatentWatch> => {
    const res = await watch(who, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as PatentWatch;
  };
  /** The user's watch notices, oldest first. */
  const notices = async (who: SignedIn) => {
    const rows = await t.app.db
      .selectFrom("notifications")
      .select(["id", "kind", "params"])
      .where("userId", "=", who.userId)
      .where("kind", "in", ["patentWatchMatch", "patentWatchSummary"])
      .orderBy("id")
      .execute();
    return rows.map((row) => ({ kind: row.kind, params: JSON.parse(row.params) as Record<string, string | number> }));
  };
  const numbersNoticed = async (who: SignedIn, watchId: number) =>
    (await notices(who))
      .filter((notice) => notice.kind === "patentWatchMatch" && notice.params.watchId === watchId)
      .map((notice) => String(notice.params.number))
      .sort();
  const importRows = async (patents: readonly HandmadePatent[], name: string) => {
    const job = await importFile(t.app, admin, await patsnapXlsx(patents.map(cells)), name);
    expect(job.state, JSON.stringify(job)).toBe("done");
    return job;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
    staff = await userWithRole(t.app, "watchStaff", RoleCode.STAFF);
    other = await userWithRole(t.app, "watchOther", RoleCode.MANAGER);
  });
  afterAll(() => t.close());

  it("saves, lists and deletes a user's own watches, refusing what names nothing to match", async () => {
    const search = await created(staff, { kind: "search", name: "光刻", model: { q: " 光刻 ", applicant: "", patentType: "" } });
    expect(search).toMatchObject({ kind: "search", name: "光刻", model: { q: "光刻" } });
    const applicant = await created(staff, { kind: "applicant", name: "芯源微", applicant: "芯源微电子" });
    expect(applicant.model).toEqual({ applicant: "芯源微电子" });
    const ipc = await created(staff, { kind: "ipc", name: "H01L21", ipc: "h01l21" });
    expect(ipc.model).toEqual({ ipc: "H01L21" });
    expect((await listOf(staff)).map((w) => w.id)).toEqual([ipc.id, applicant.id, search.id]);

    // The same watch again, by the same user: 409; by another user: their own.
    expect((await watch(staff, { kind: "search", name: "again", model: { q: "光刻" } })).statusCode).toBe(409);
    const others = await created(other, { kind: "search", name: "光刻", model: { q: "光刻" } });

    expect((await watch(staff, { kind: "search", name: "空", model: { q: "  " } })).statusCode).toBe(400);
    expect((await watch(staff, { kind: "applicant", name: "空" })).statusCode).toBe(400);
    expect((await watch(staff, { kind: "ipc", name: "短", ipc: "H0" })).statusCode).toBe(400);
    expect((await watch(staff, { kind: "ipc", name: "乱", ipc: "芯片" })).statusCode).toBe(400);
    const single = await watch(staff, { kind: "search", name: "单字", model: { q: "芯" } });
    expect(single.statusCode).toBe(400);
    expect(single.json().message).toMatch(/单个汉字/u);
    expect((await watch(staff, { kind: "search", name: "x".repeat(51), model: { q: "晶圆" } })).statusCode).toBe(400);
    expect((await watch(staff, { kind: "nothing", name: "x", model: { q: "晶圆" } })).statusCode).toBe(400);

    // Another's watch is neither listed nor deletable.
    expect((await listOf(other)).map((w) => w.id)).toEqual([others.id]);
    expect((await remove(other, search.id)).statusCode).toBe(404);
    expect((await remove(staff, others.id)).statusCode).toBe(404);
    expect((await remove(staff, search.id)).statusCode).toBe(200);
    expect((await remove(staff, search.id)).statusCode).toBe(404);
    expect((await listOf(staff)).map((w) => w.id)).toEqual([ipc.id, applicant.id]);
    for (const w of [applicant, ipc]) expect((await remove(staff, w.id)).statusCode).toBe(200);
    expect((await remove(other, others.id)).statusCode).toBe(200);
  });

  it("bounds the watches a user keeps", async () => {
    const who = await userWithRole(t.app, "watchMany", RoleCode.STAFF);
    for (let i = 0; i < PATENT_WATCHES_MAX; i++) await created(who, { kind: "ipc", name: `IPC ${i}`, ipc: `H01L${i + 1}` });
    const refused = await watch(who, { kind: "ipc", name: "one more", ipc: "G06F" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(String(PATENT_WATCHES_MAX));
    const list = await listOf(who);
    expect(list).toHaveLength(PATENT_WATCHES_MAX);
    expect((await remove(who, list[0].id)).statusCode).toBe(200);
    await created(who, { kind: "ipc", name: "one more", ipc: "G06F" });
  });

  it("lets those who may search watch: a member once certified, not a user without the menu", async () => {
    const pending = await memberOf(t.app, "watchPending", null, "submitted");
    expect((await watch(pending, { kind: "ipc", name: "H01L", ipc: "H01L" })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/patents/watches", headers: pending.headers })).statusCode).toBe(403);
    const certified = await memberOf(t.app, "watchCertified", null, "approved");
    await created(certified, { kind: "ipc", name: "G03F", ipc: "G03F" });
    expect(await listOf(certified)).toHaveLength(1);
  });

  it("notifies each new match once per watch: an import, the same file again, a new matching row", async () => {
    const byApplicant = await created(staff, { kind: "applicant", name: "芯源微", applicant: "芯源微电子" });
    const byIpc = await created(staff, { kind: "ipc", name: "H01L21", ipc: "H01L21" });
    const bySearch = await created(staff, { kind: "search", name: "光刻", model: { q: "光刻" } });
    const othersSearch = await created(other, { kind: "search", name: "光刻", model: { q: "光刻" } });
    const unmatched = await created(staff, { kind: "search", name: "无", model: { q: "量子计算" } });

    await importRows(HANDMADE, "first.xlsx");
    // Each watch is told of exactly what its search lists.
    expect(await numbersNoticed(staff, byApplicant.id)).toEqual(await numbers(t.app, staff, { applicant: "芯源微电子" }));
    expect(await numbersNoticed(staff, byIpc.id)).toEqual(await numbers(t.app, staff, { ipc: "H01L21" }));
    expect(await numbersNoticed(staff, bySearch.id)).toEqual(await numbers(t.app, staff, { q: "光刻" }));
    expect(await numbersNoticed(other, othersSearch.id)).toEqual(await numbers(t.app, staff, { q: "光刻" }));
    expect(await numbersNoticed(staff, unmatched.id)).toEqual([]);
    expect((await numbersNoticed(staff, byIpc.id)).length).toBeGreaterThan(0);
    const first = await notices(staff);
    const sample = first.find((n) => n.params.watchId === byApplicant.id);
    expect(sample?.params).toMatchObject({ watch: "芯源微", patentId: expect.any(Number), number: expect.stringMatching(/^CN/u), title: expect.any(String) });

    // The notification centre lists them for the user, and only theirs.
    const centre = await t.app.inject({ method: "GET", url: "/api/notifications", headers: staff.headers });
    expect(centre.json().result.records[0].kind).toBe("patentWatchMatch");
    expect(centre.json().result.unread).toBe(first.length);

    // The same file again: nothing new.
    await importRows(HANDMADE, "first-again.xlsx");
    expect(await notices(staff)).toHaveLength(first.length);

    // The old rows with one new one that matches two watches: one notice each.
    const fresh: HandmadePatent = { number: "CN100000099A", title: "一种光刻对准方法", applicants: ["无锡芯源微电子有限公司"], ipc: ["G03F9/00"], applyDate: "2024-05-01" };
    await importRows([...HANDMADE, fresh], "with-new.xlsx");
    const after = await notices(staff);
    expect(after).toHaveLength(first.length + 2);
    expect(after.slice(first.length).map((n) => [n.params.watchId, n.params.number]).sort()).toEqual(
      [
        [byApplicant.id, "CN100000099A"],
        [bySearch.id, "CN100000099A"],
      ].sort(),
    );
    expect(await numbersNoticed(other, othersSearch.id)).toContain("CN100000099A");

    // A watch saved after the patents came is told of none of them when they are imported again.
    const late = await created(staff, { kind: "ipc", name: "G03F", ipc: "G03F" });
    await importRows([...HANDMADE, fresh], "late.xlsx");
    expect(await numbersNoticed(staff, late.id)).toEqual([]);
    expect(await notices(staff)).toHaveLength(after.length);

    // A deleted watch is told nothing.
    expect((await remove(staff, byApplicant.id)).statusCode).toBe(200);
    await importRows([{ number: "CN100000098A", title: "芯源微的新专利", applicants: ["无锡芯源微电子有限公司"] }], "deleted.xlsx");
    expect(await numbersNoticed(staff, byApplicant.id)).not.toContain("CN100000098A");
    // What it had told stays in the centre.
    expect(await numbersNoticed(staff, byApplicant.id)).toContain("CN100000099A");
  });

  it("notifies the latest matches one by one and summarises the rest of a large import", async () => {
    const who = await userWithRole(t.app, "watchBroad", RoleCode.ANALYST);
    const broad = await created(who, { kind: "search", name: "键合", model: { q: "键合设备" } });
    const many: HandmadePatent[] = Array.from({ length: PATENT_WATCH_NOTICES_MAX + 7 }, (_, i) => ({
      number: `CN4${String(i).padStart(8, "0")}A`,
      title: `晶圆键合设备第 ${i} 号`,
      ipc: ["H01L21/67"],
    }));
    await importRows(many, "many.xlsx");
    const got = await notices(who);
    expect(got.filter((n) => n.kind === "patentWatchMatch")).toHaveLength(PATENT_WATCH_NOTICES_MAX);
    const summary = got.filter((n) => n.kind === "patentWatchSummary");
    expect(summary).toHaveLength(1);
    expect(summary[0].params).toMatchObject({ watchId: broad.id, watch: "键合", count: 7 });
    expect(JSON.parse(String(summary[0].params.model))).toEqual({ q: "键合设备" });
    // Every match is recorded: the same file again says nothing, summary included.
    await importRows(many, "many-again.xlsx");
    expect(await notices(who)).toHaveLength(got.length);
    const hits = await t.app.db.selectFrom("patentWatchHits").select((eb) => eb.fn.countAll().as("n")).where("watchId", "=", broad.id).executeTakeFirstOrThrow();
    expect(Number(hits.n)).toBe(many.length);
  });

  it("announces a match once when two server processes import it at the same time", async () => {
    const who = await userWithRole(t.app, "watchTwice", RoleCode.ANALYST);
    const mine = await created(who, { kind: "search", name: "混合键合", model: { q: "混合键合" } });
    const logger = createLogger(t.config);
    const database = await openDatabase(t.config, logger);
    const other = await buildApp({ config: t.config, database, logger });
    try {
      await other.ready();
      const file = await patsnapXlsx([cells({ number: "CN100000095A", title: "一种混合键合结构", applyDate: "2025-01-02" })]);
      const jobs = await Promise.all([importFile(t.app, admin, file, "twice-a.xlsx"), importFile(other, admin, file, "twice-b.xlsx")]);
      expect(jobs.map((job) => job.state)).toEqual(["done", "done"]);
      expect(await numbersNoticed(who, mine.id)).toEqual(["CN100000095A"]);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it("tells a member whose certification is no longer approved nothing", async () => {
    const member = await memberOf(t.app, "watchLapsed", null, "approved");
    const mine = await created(member, { kind: "search", name: "刻蚀", model: { q: "等离子刻蚀" } });
    await t.app.db.updateTable("certifications").set({ state: "rejected" }).where("userId", "=", member.userId).execute();
    await importRows([{ number: "CN100000097A", title: "一种等离子刻蚀腔体" }], "lapsed.xlsx");
    expect(await numbersNoticed(member, mine.id)).toEqual([]);
    const watcher = await created(admin, { kind: "search", name: "刻蚀", model: { q: "等离子刻蚀" } });
    await importRows([{ number: "CN100000096A", title: "等离子刻蚀方法" }], "approved.xlsx");
    expect(await numbersNoticed(admin, watcher.id)).toEqual(["CN100000096A"]);
  });
});
