import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeExport } from "../../../../bench/patents/generate";
import { SqlPatentSearch } from "../../../../server/modules/patents/search/sql";
import { testDatabases } from "../../helpers/databases";
import { signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { HANDMADE, QUERIES } from "./fixtures";
import { cells, importFile, patsnapXlsx, search } from "./support";

const GENERATED = 600;

/** Queries over the generated patents' vocabulary: two and three characters, two terms, English, fields, facets. */
const MIXED: Record<string, unknown>[] = [
  { q: "芯片" },
  { q: "晶圆" },
  { q: "封装" },
  { q: "光刻" },
  { q: "刻蚀" },
  { q: "键合" },
  { q: "半导体" },
  { q: "光刻胶" },
  { q: "晶圆 清洗" },
  { q: "封装 测试" },
  { q: "芯片", patentType: "invention" },
  { q: "晶圆", legalStatus: "valid" },
  { q: "wafer" },
  { ipc: "H01L" },
  { ipc: "H01L21" },
  { ipc: "G03F7" },
  { ipc: "G06F30" },
  { number: "CN11" },
  { applyDateBegin: "2018-01-01", applyDateEnd: "2019-12-31" },
  { segment: "equipment" },
  { segment: "materials", q: "材料" },
  { district: "新吴区" },
  { q: "芯", ipc: "H01L23" },
  // Ranges on whole years, on months and on days; IPC prefixes of a section, a subclass, a group and a code; names contained.
  { applyDateBegin: "2016-03-15", applyDateEnd: "2019-02-10" },
  { applyDateBegin: "2014-01-01" },
  { applyDateEnd: "2013-06-30" },
  { ipc: "H01" },
  { ipc: "H01L2" },
  { ipc: "C30B15/" },
  { ipc: "G11C11/41" },
  { applicant: "芯源" },
  { applicant: "半导体" },
  { district: "不存在区" },
  { q: "芯片", segment: "design", legalStatus: "valid" },
  {},
];
/** Orders other than the default, on a broad query. */
const ORDERED = [
  { model: { q: "晶圆" }, orders: [{ column: "applyDate", asc: true }] },
  { model: { ipc: "H01L" }, orders: [{ column: "publicationDate", asc: true }] },
  { model: {}, orders: [{ column: "applyDate", asc: false }] },
];

/**
 * The same query gives the same patents on SQLite (FTS5) and PostgreSQL (tsvector): the same
 * files imported into both, every answer of a fixed set of queries compared whole, facets too.
 */
describe.skipIf(testDatabases().length < 2)("the same patents from both databases", () => {
  const apps: { t: TestApp; admin: SignedIn }[] = [];
  const dir = mkdtempSync(join(tmpdir(), "patents-engines-"));

  beforeAll(async () => {
    const generated = join(dir, "generated.xlsx");
    await writeExport(generated, { shape: "patsnap-xlsx", rows: GENERATED, seed: 12 });
    for (const kind of testDatabases()) {
      const t = await startTestApp(kind);
      const admin = await signInAsAdmin(t.app);
      expect(await importFile(t.app, admin, readFileSync(generated), "generated.xlsx")).toMatchObject({ state: "done" });
      expect(await importFile(t.app, admin, await patsnapXlsx(HANDMADE.map(cells)), "handmade.xlsx")).toMatchObject({ state: "done" });
      apps.push({ t, admin });
    }
  }, 120_000);
  afterAll(async () => {
    for (const { t } of apps) await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every match's publication number in the list's order, with the count and facets. */
  async function answer(app: (typeof apps)[number], model: Record<string, unknown>, extra: Record<string, unknown> = {}) {
    const numbers: string[] = [];
    let first: { total: number; totalCapped: boolean; facets: unknown } | undefined;
    for (let current = 1; current <= 10; current++) {
      const res = await search(app.t.app, app.admin, model, { current, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json().result;
      first ??= { total: result.total, totalCapped: result.totalCapped, facets: result.facets };
      numbers.push(...result.records.map((row: { publicationNumber: string }) => row.publicationNumber));
      if (result.records.length < 100) break;
    }
    return { numbers, ...first };
  }

  it.each([...MIXED, ...QUERIES.map((query) => query.model)])("answers %o alike", async (model) => {
    const [sqlite, postgres] = await Promise.all(apps.map((app) => answer(app, model)));
    expect(postgres).toEqual(sqlite);
  });

  it.each(ORDERED)("answers $model in the order $orders alike", async ({ model, orders }) => {
    const [sqlite, postgres] = await Promise.all(apps.map((app) => answer(app, model, { orders })));
    expect(postgres).toEqual(sqlite);
  });

  // The facets of a sample differ: each engine samples the latest in its index's order (published on SQLite, imported on PostgreSQL).
  it("pages beyond a cap and counts a sample of the same size alike", async () => {
    let capped = 0;
    for (const model of MIXED) {
      for (const offset of [0, 15]) {
        const [sqlite, postgres] = await Promise.all(apps.map(({ t }) => new SqlPatentSearch(t.app.db, t.app.dialect, 30, 12).search(model, { offset, limit: 10 })));
        const comparable = (result: typeof sqlite) => (result.facetsSample === null ? result : { ...result, facets: "sampled" });
        expect(comparable(postgres), `${JSON.stringify(model)} from ${offset}`).toEqual(comparable(sqlite));
        if (sqlite.totalCapped && sqlite.facetsSample === 12) capped += 1;
      }
    }
    expect(capped).toBeGreaterThan(MIXED.length);
  });

  it("counts the chain map's figures alike", async () => {
    for (const model of [{}, { segment: "manufacturing" }, { q: "芯片" }, { ipc: "H01L" }]) {
      const [sqlite, postgres] = await Promise.all(
        apps.map(async (app) => (await app.t.app.inject({ method: "POST", url: "/api/patents/stats", headers: app.admin.headers, payload: { model } })).json().result),
      );
      expect(postgres, JSON.stringify(model)).toEqual(sqlite);
    }
  });

  it("finds what the generated patents are about", async () => {
    for (const model of MIXED.slice(0, 8)) expect((await answer(apps[0], model)).numbers.length, JSON.stringify(model)).toBeGreaterThan(0);
  });
});
