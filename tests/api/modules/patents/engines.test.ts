import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeExport } from "../../../../bench/patents/generate";
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
  {},
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
  async function answer(app: (typeof apps)[number], model: Record<string, unknown>) {
    const numbers: string[] = [];
    let first: { total: number; totalCapped: boolean; facets: unknown } | undefined;
    for (let current = 1; current <= 10; current++) {
      const res = await search(app.t.app, app.admin, model, { current });
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

  it("finds what the generated patents are about", async () => {
    for (const model of MIXED.slice(0, 8)) expect((await answer(apps[0], model)).numbers.length, JSON.stringify(model)).toBeGreaterThan(0);
  });
});
