import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { writeExport } from "../../../../bench/patents/generate";
import { companyNameKey } from "../../../../contract/patents/normalise";
import type { PatentRecord } from "../../../../contract/patents/record";
import type { PatentDetail } from "../../../../contract/schemas/patents";
import { openDatabase } from "../../../../server/db/database";
import { createLogger } from "../../../../server/logger";
import { CachedPatentSearch } from "../../../../server/modules/patents/search/cache";
import type { PatentOrder, PatentQuery } from "../../../../server/modules/patents/search/engine";
import { SqlPatentSearch } from "../../../../server/modules/patents/search/sql";
import { writePatents } from "../../../../server/modules/patents/store";
import { testDatabases } from "../../helpers/databases";
import { signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { HANDMADE } from "./fixtures";
import { cells, importFile, patsnapXlsx } from "./support";

/** A cap and a facet sample a few hundred generated patents exceed many times over, so that their results take the paths of a large database. */
const CAP = 20;
const SAMPLE = 8;
/** The latest patents PostgreSQL walks for a sample: a few dozen of the 400, so that most samples are read partly among the older ones. */
const WINDOW = 40;
const PAGE = 10;

const MODELS: PatentQuery[] = [
  { q: "芯片" },
  { q: "提高 降低" },
  { q: "光刻胶" },
  { ipc: "H01L" },
  { ipc: "H01L2" },
  { segment: "equipment" },
  { q: "封装", patentType: "invention" },
  { applicant: "芯源" },
  { applyDateBegin: "2013-03-10", applyDateEnd: "2021-07-20" },
  { q: "刻蚀", legalStatus: "valid", applyDateBegin: "2012-01-01" },
  {},
];
const ORDERS: (PatentOrder[] | undefined)[] = [
  undefined,
  [{ column: "applyDate", asc: true }],
  [{ column: "applyDate", asc: false }],
  [{ column: "publicationDate", asc: true }],
];

/** A patent written straight through the store, as another process or a failing write would. */
const BONDING: PatentRecord = {
    publicationNumber: "CN999999999A",
    applicationNumber: "CN202499999999.9",
    applyDate: "2024-05-05",
    publicationDate: "2024-08-08",
    grantDate: null,
    title: "一种晶圆键合方法",
    abstract: null,
    applicants: ["无锡键合科技有限公司"],
    applicantAddress: null,
    province: null,
    city: null,
    district: "新吴区",
    creditCode: null,
    inventors: [],
    ipc: ["H01L21/18"],
    mainIpc: "H01L21/18",
    cpc: [],
    patentType: "invention",
    legalStatus: "pending",
    priorityNumbers: [],
    family: [],
    citedBy: null,
    jurisdiction: "CN",
    segments: ["manufacturing"],
};

/** A facet's entries as the search ranks them: the most frequent first, ties by key in code-point order. */
function ranked(counts: Map<string, number>, size: number) {
  return [...counts]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, size);
}

/** Rows in a list's order: by its column (an unknown date before every known one), ties by the highest id; by default the latest publication first. */
function sortedBy<T extends { id: number; applyDate: string | null; publicationDate: string | null }>(rows: readonly T[], orders: PatentOrder[] | undefined): T[] {
  const [{ column, asc }] = orders ?? [{ column: "publicationDate", asc: false }];
  const date = (row: T) => row[column] ?? "";
  return [...rows].sort((a, b) => (date(a) < date(b) ? -1 : date(a) > date(b) ? 1 : 0) * (asc ? 1 : -1) || b.id - a.id);
}

function counted<T>(details: readonly T[], valuesOf: (patent: T) => readonly (string | null)[]) {
  const counts = new Map<string, number>();
  for (const patent of details) for (const value of new Set(valuesOf(patent))) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

describe.each(testDatabases())("patent search at scale on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let whole: SqlPatentSearch;
  let capped: SqlPatentSearch;
  let sampled: SqlPatentSearch;
  let walked: SqlPatentSearch;
  let fewInMemory: SqlPatentSearch;
  let partlyInMemory: SqlPatentSearch;
  const dir = mkdtempSync(join(tmpdir(), "patents-scale-"));

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
    const generated = join(dir, "generated.xlsx");
    await writeExport(generated, { shape: "patsnap-xlsx", rows: 400, seed: 7 });
    expect(await importFile(t.app, admin, readFileSync(generated), "generated.xlsx")).toMatchObject({ state: "done" });
    expect(await importFile(t.app, admin, await patsnapXlsx(HANDMADE.map(cells)), "handmade.xlsx")).toMatchObject({ state: "done" });
    whole = new SqlPatentSearch(t.app.db, t.app.dialect);
    capped = new SqlPatentSearch(t.app.db, t.app.dialect, CAP, SAMPLE, WINDOW);
    sampled = new SqlPatentSearch(t.app.db, t.app.dialect, undefined, SAMPLE);
    walked = new SqlPatentSearch(t.app.db, t.app.dialect, CAP, SAMPLE, WINDOW, 0);
    // The codes of the latest 5 patents in memory: a sample's others are read from the database.
    fewInMemory = new SqlPatentSearch(t.app.db, t.app.dialect, CAP, SAMPLE, WINDOW, undefined, 5);
    // The codes of the latest 200, read in parts of 34, each going on from the one before.
    partlyInMemory = new SqlPatentSearch(t.app.db, t.app.dialect, CAP, SAMPLE, WINDOW, undefined, 200);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(MODELS)("pages %o beyond the cap as its whole result sorted, its facets counting the latest matches in the index's order, a sample's worth", async (model) => {
    const filtered = Object.keys(model).length > 0;
    for (const orders of ORDERS) {
      const every = (await whole.search(model, { offset: 0, limit: 10_000, orders })).records;
      const all = every.map((row) => row.id);
      expect(all.length, JSON.stringify(model)).toBeGreaterThan(CAP);
      expect(all).toEqual(sortedBy(every, orders).map((row) => row.id));
      // The sample: the latest in the index's order, published on SQLite, imported on PostgreSQL.
      const latest = (kind === "sqlite" ? sortedBy(every, undefined) : [...every].sort((a, b) => b.id - a.id)).slice(0, SAMPLE);
      for (const offset of [0, PAGE / 2, CAP - PAGE]) {
        const page = await capped.search(model, { offset, limit: PAGE, orders });
        expect(page).toMatchObject({ total: CAP, totalCapped: true, facetsSample: filtered ? SAMPLE : null });
        expect(
          page.records.map((row) => row.id),
          `${JSON.stringify(model)} ${JSON.stringify(orders)} from ${offset}`,
        ).toEqual(all.slice(offset, offset + PAGE));
        if (filtered) {
          expect(page.facets.patentType).toEqual(ranked(counted(latest, (p) => [p.patentType]), 10));
          expect(page.facets.legalStatus).toEqual(ranked(counted(latest, (p) => [p.legalStatus]), 10));
        }
      }
      // The company profile's facets count every match.
      expect(await capped.allFacets(model)).toEqual((await whole.search(model, { offset: 0, limit: 1 })).facets);
      // Within the cap the count is exact, the facets still the sample's.
      const exact = await sampled.search(model, { offset: PAGE, limit: PAGE, orders });
      expect(exact).toMatchObject({ total: all.length, totalCapped: false, facetsSample: filtered ? SAMPLE : null });
      expect(exact.records.map((row) => row.id)).toEqual(all.slice(PAGE, 2 * PAGE));
    }
  });

  it("answers from its lists of matches in memory what the database's own walk answers", async () => {
    const models: PatentQuery[] = [
      ...MODELS,
      { q: "芯片", patentType: "invention", segment: "manufacturing" },
      { patentType: "utility", district: "新吴区" },
      { q: "晶圆 封装", applyDateBegin: "2015-01-01", applyDateEnd: "2019-12-31" },
      { q: "光刻", applicant: "无此申请人" },
    ];
    for (const model of models) {
      for (const orders of ORDERS) {
        for (const offset of [0, PAGE, CAP - 3]) {
          const page = { offset, limit: PAGE, orders };
          const expected = await walked.search(model, page);
          expect(await capped.search(model, page), `${JSON.stringify(model)} ${JSON.stringify(page)}`).toEqual(expected);
          expect(await fewInMemory.search(model, page), `${JSON.stringify(model)} ${JSON.stringify(page)}, 5 in memory`).toEqual(expected);
          expect(await partlyInMemory.search(model, page), `${JSON.stringify(model)} ${JSON.stringify(page)}, 200 in memory`).toEqual(expected);
        }
      }
    }
  });

  it("counts the statistics from its lists once a search has read the latest codes, as the database counts them", async () => {
    const year = 2026;
    // Facet values alone (in MODELS too) are counted from their sets, several of them intersected here.
    const models: PatentQuery[] = [
      ...MODELS,
      { q: "芯片", patentType: "invention", segment: "manufacturing" },
      { q: "光刻", applicant: "无此申请人" },
      { segment: "manufacturing", patentType: "invention", legalStatus: "valid" },
      { ipc: "H01L", applyDateBegin: "2015-01-01" },
    ];
    const expected = await Promise.all(models.map((model) => walked.stats(model, year)));
    for (const latestCount of [5, 200, undefined]) {
      const engine = new SqlPatentSearch(t.app.db, t.app.dialect, CAP, SAMPLE, WINDOW, undefined, latestCount);
      const counted = vi.spyOn(engine as unknown as { allCodes: () => unknown }, "allCodes");
      // Before any search the database counts them: reading the latest codes first would cost more.
      expect(await engine.stats({ q: "芯片" }, year)).toEqual(expected[0]);
      expect(counted).toHaveBeenCalledTimes(1);
      await engine.search({ q: "晶圆" }, { offset: 0, limit: PAGE });
      counted.mockClear();
      for (const [index, model] of models.entries()) {
        expect(await engine.stats(model, year), `${JSON.stringify(model)}, ${latestCount ?? "all"} in memory`).toEqual(expected[index]);
      }
      // All but the applicant's name, part of a name that no list holds, came from the lists.
      expect(counted).toHaveBeenCalledTimes(1);
    }
  });

  it("counts the unfiltered facets and statistics exactly from the counts kept through imports and re-imports", async () => {
    // A re-import changes some patents' type, status, district, dates and IPC codes: their old values are uncounted.
    const changed = HANDMADE.map((patent, index) =>
      index % 2 === 0 ? { ...patent, type: "实用新型", status: "失效", district: "江阴市", applyDate: "2015-06-06", ipc: ["B24B37/04"] } : patent,
    );
    expect(await importFile(t.app, admin, await patsnapXlsx(changed.map(cells)), "changed.xlsx")).toMatchObject({ state: "done", updated: HANDMADE.length });
    const details: PatentDetail[] = [];
    for await (const batch of whole.scan({}, undefined, 50_000)) details.push(...batch);
    const { facets } = await whole.search({}, { offset: 0, limit: PAGE });
    expect(facets.patentType).toEqual(ranked(counted(details, (p) => [p.patentType]), 10));
    expect(facets.legalStatus).toEqual(ranked(counted(details, (p) => [p.legalStatus]), 10));
    expect(facets.district).toEqual(ranked(counted(details, (p) => [p.district]), 10));
    expect(facets.ipcClass).toEqual(ranked(counted(details, (p) => [p.mainIpc, ...p.ipc].filter((code) => (code ?? "").length >= 4).map((code) => code!.slice(0, 4))), 10));
    expect(facets.segment).toEqual(ranked(counted(details, (p) => p.segments), 10));
    const years = counted(details, (p) => [p.applyDate?.slice(0, 4) ?? null]);
    expect(facets.applyYear).toEqual([...years].map(([key, count]) => ({ key, count })).sort((a, b) => Number(b.key) - Number(a.key)).slice(0, 20));
    const applicants = counted(details, (p) => p.applicants.map(companyNameKey));
    expect(facets.applicant.map((entry) => entry.count)).toEqual(ranked(applicants, 10).map((entry) => entry.count));

    const stats = await whole.stats({}, 2024);
    const grants = counted(details, (p) => [p.grantDate?.slice(0, 4) ?? null]);
    expect(stats.trend).toEqual(Array.from({ length: 10 }, (_, i) => 2015 + i).map((year) => ({ year, applications: years.get(String(year)) ?? 0, grants: grants.get(String(year)) ?? 0 })));
    expect(stats.topApplicants.map((entry) => entry.count)).toEqual(ranked(applicants, 10).map((entry) => entry.count));
    expect(stats.ipc.map(({ code, count }) => ({ key: code, count }))).toEqual(facets.ipcClass);
    expect(stats.segments.map(({ segment, count }) => ({ key: segment, count }))).toEqual(facets.segment);

    // A filtered statistic counts every match: the same figures from the matches' own codes.
    const invention = details.filter((p) => p.patentType === "invention");
    const filtered = await whole.stats({ patentType: "invention" }, 2024);
    const inventionYears = counted(invention, (p) => [p.applyDate?.slice(0, 4) ?? null]);
    expect(filtered.trend.map((row) => row.applications)).toEqual(filtered.trend.map((row) => inventionYears.get(String(row.year)) ?? 0));
    expect(filtered.segments.map(({ segment, count }) => ({ key: segment, count }))).toEqual(ranked(counted(invention, (p) => p.segments), 10));
  });

  it("leaves the kept counts as they were when a write rolls back, after several calls of it", async () => {
    const before = await whole.search({}, { offset: 0, limit: PAGE });
    const statsBefore = await whole.stats({}, 2024);
    const many = Array.from({ length: 30 }, (_, i) => ({ ...BONDING, publicationNumber: `CN88${String(i).padStart(7, "0")}A`, district: "宜兴市", applyDate: "2016-01-01" }));
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await writePatents(trx, t.app.dialect, many.slice(0, 15));
        await writePatents(trx, t.app.dialect, many.slice(15));
        throw new Error("the import fails after its writes");
      }),
    ).rejects.toThrow("the import fails");
    expect(await whole.search({}, { offset: 0, limit: PAGE })).toEqual(before);
    expect(await whole.stats({}, 2024)).toEqual(statsBefore);
    if (kind === "postgres") expect(await t.app.db.selectFrom("patentFacetDeltas").selectAll().execute()).toEqual([]);
  });

  // SQLite has one writer at a time by itself: the race is PostgreSQL's.
  it.runIf(kind === "postgres")("makes a second process writing the same new patent wait for the first, then update it", async () => {
    const other = await openDatabase(t.config, createLogger({ logLevel: "silent" }));
    try {
      const patent: PatentRecord = { ...BONDING, publicationNumber: "CN777777777A" };
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let wrote = () => {};
      const written = new Promise<void>((resolve) => (wrote = resolve));
      const first = t.app.db.transaction().execute(async (trx) => {
        const counts = await writePatents(trx, t.app.dialect, [patent]);
        wrote();
        await held;
        return counts;
      });
      await written;
      let secondPid = 0;
      const second = other.db.transaction().execute(async (trx) => {
        secondPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0].pid;
        return writePatents(trx, other.dialect, [{ ...patent, title: "第二次写入的标题" }]);
      });
      // The second waits on a lock the first holds; the first then commits.
      for (;;) {
        const waiting = secondPid === 0 ? [] : (await sql<{ w: string | null }>`select wait_event_type as w from pg_stat_activity where pid = ${secondPid}`.execute(t.app.db)).rows;
        if (waiting[0]?.w === "Lock") break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      release();
      expect(await first).toEqual({ imported: 1, updated: 0 });
      expect(await second).toEqual({ imported: 0, updated: 1 });
      const found = await whole.search({ number: "CN777777777A" }, { offset: 0, limit: PAGE });
      expect(found.records.map((row) => row.title)).toEqual(["第二次写入的标题"]);
      expect(found.facets.patentType).toEqual([{ key: "invention", count: 1 }]);
    } finally {
      await other.close();
    }
  });

  it("answers from its cache until patents are written, by whichever server process", async () => {
    const cached = new CachedPatentSearch(whole, t.app.db, 10);
    const first = await cached.search({ q: "键合" }, { offset: 0, limit: PAGE });
    expect(await cached.search({ q: "键合" }, { offset: 0, limit: PAGE })).toBe(first);
    // Another page of a kept search is read alone: its count and facets are the kept ones.
    expect((await cached.search({ q: "键合" }, { offset: PAGE, limit: PAGE })).facets).toBe(first.facets);
    const statsBefore = await cached.stats({ q: "键合" }, 2024);

    // Another process: its own connection to the same database, writing a patent that matches.
    const other = await openDatabase(t.config, createLogger({ logLevel: "silent" }));
    try {
      await other.db.transaction().execute((trx) => writePatents(trx, other.dialect, [BONDING]));
    } finally {
      await other.close();
    }
    const after = await cached.search({ q: "键合" }, { offset: 0, limit: PAGE });
    expect(after.total).toBe(first.total + 1);
    expect((await cached.search({ number: "CN999999999A" }, { offset: 0, limit: PAGE })).records.map((row) => row.title)).toEqual(["一种晶圆键合方法"]);
    const statsAfter = await cached.stats({ q: "键合" }, 2024);
    expect(statsAfter.trend.at(-1)?.applications).toBe((statsBefore.trend.at(-1)?.applications ?? 0) + 1);
  });

  it("lists a re-imported patent whose publication date changed at its new place, once", async () => {
    const moved: PatentRecord = { ...BONDING, publicationNumber: "CN666666666A", title: "一种混合键合的晶圆对准方法", publicationDate: "2030-01-01" };
    const write = (patent: PatentRecord) => t.app.db.transaction().execute((trx) => writePatents(trx, t.app.dialect, [patent]));
    const idsOf = async (model: PatentQuery) => (await whole.search(model, { offset: 0, limit: 10_000 })).records.map((row) => row.id);
    await write(moved);
    const [id] = await idsOf({ number: "CN666666666A" });
    const first = await idsOf({ q: "键合" });
    expect(first[0]).toBe(id);
    await write({ ...moved, publicationDate: "1990-01-01" });
    const listed = (await whole.search({ q: "键合" }, { offset: 0, limit: 10_000 })).records;
    const after = listed.map((row) => row.id);
    expect(after).toHaveLength(first.length);
    expect(after.filter((one) => one === id)).toHaveLength(1);
    expect(listed.find((row) => row.id === id)?.publicationDate).toBe("1990-01-01");
    expect(after).toEqual(sortedBy(listed, undefined).map((row) => row.id));
    expect(await idsOf({ q: "混合键合" })).toEqual([id]);
    // A page of the walk, beyond the first: the same rows as the whole list's.
    expect((await capped.search({ q: "键合" }, { offset: 2, limit: 3 })).records.map((row) => row.id)).toEqual(after.slice(2, 5));
  });
});
