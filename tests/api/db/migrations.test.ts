import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../server/db/database";
import { migrateToLatest } from "../../../server/db/migrate";
import { migrationsFor } from "../../../server/db/migrations";
import { createLogger } from "../../../server/logger";
import { SqlPatentSearch } from "../../../server/modules/patents/search/sql";

/**
 * The names databases already record as applied. Migrations are found in their folder by file
 * name, so renaming a shipped file would make every existing database run it again.
 */
const SHIPPED = [
  "0001_foundation",
  "0002_auth",
  "0003_accounts",
  "0004_sso",
  "0005_admin",
  "0006_service_records",
  "0007_questionnaires",
  "0008_archive_indexes",
  "0009_abuse_limits",
];

describe("migrations found in server/db/migrations", () => {
  it("keep the shipped names, in order, with any later ones after them", async () => {
    const names = Object.keys(await migrationsFor("sqlite"));
    expect(names.slice(0, SHIPPED.length)).toEqual(SHIPPED);
    expect([...names].sort()).toEqual(names);
  });

  it("leave the folder's helpers out", async () => {
    const names = Object.keys(await migrationsFor("postgres"));
    expect(names.every((name) => /^\d{4}_/.test(name))).toBe(true);
    expect(names).not.toContain("columns");
    expect(names).not.toContain("index");
  });

  describe("in a folder of their own", () => {
    let folder = "";
    afterEach(() => rmSync(folder, { recursive: true, force: true }));
    const withFiles = (files: Record<string, string>) => {
      folder = mkdtempSync(join(tmpdir(), "migrations-"));
      for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
      return folder;
    };
    const UP = "export async function up() {}\n";

    it("are the NNNN_name files, by name, each run with the dialect", async () => {
      const migrations = await migrationsFor(
        "postgres",
        withFiles({
          "0002_second.mjs": "export async function up(db, dialect) { throw new Error(`ran on ${dialect}`); }\n",
          "0001_first.mjs": UP,
          "helpers.mjs": "export const shared = 1;\n",
        }),
      );
      expect(Object.keys(migrations)).toEqual(["0001_first", "0002_second"]);
      await expect(migrations["0002_second"].up({} as never)).rejects.toThrow("ran on postgres");
    });

    it("stop the start when a migration exports no up(), two files share a name or one is misnamed", async () => {
      await expect(migrationsFor("sqlite", withFiles({ "0001_empty.mjs": "export const down = 1;\n" }))).rejects.toThrow(/0001_empty\.mjs exports no up/);
      rmSync(folder, { recursive: true, force: true });
      await expect(migrationsFor("sqlite", withFiles({ "0001_twice.mjs": UP, "0001_twice.js": UP }))).rejects.toThrow(/two migration files are named 0001_twice/);
      rmSync(folder, { recursive: true, force: true });
      await expect(migrationsFor("sqlite", withFiles({ "0001_first.mjs": UP, "0002_Widgets.mjs": UP }))).rejects.toThrow(/not run as migrations: 0002_Widgets\.mjs/);
    });
  });
});

describe("the patents stored before the search was re-keyed (migrations 0021, 0022 and 0023)", () => {
  const lists = { applicants: "[]", inventors: "[]", ipc: "[]", cpc: "[]", priorityNumbers: "[]", family: "[]", segments: "[]" };
  const patent = (number: string, title: string, publicationDate: string) => ({
    ...lists,
    publicationNumber: number,
    applicationNumber: null,
    applicationKey: null,
    applyDate: "",
    applyYear: null,
    publicationDate,
    grantDate: "",
    grantYear: null,
    title,
    abstract: null,
    applicantAddress: null,
    province: null,
    city: null,
    district: null,
    creditCode: null,
    mainIpc: null,
    patentType: "invention",
    legalStatus: "valid",
    citedBy: null,
    jurisdiction: null,
  });
  const PATENTS = [
    patent("CN1A", "晶圆键合装置", "2020-05-01"),
    patent("CN2A", "一种键合方法", "2023-01-09"),
    patent("CN3A", "芯片封装结构", "2021-07-07"),
    patent("CN4A", "混合键合工艺", ""),
    patent("CN5A", "键合强度测试", "2021-07-07"),
  ];

  /** A SQLite database migrated to `before` with the patents stored, then `between` done to it, then migrated to the latest; answers what it finds. */
  async function searchedAfter(before: string, between: (database: DatabaseHandle) => Promise<void>): Promise<{ all: string[]; page: string[]; other: string[] }> {
    const dir = mkdtempSync(join(tmpdir(), "migrations-patents-"));
    const log = createLogger({ logLevel: "silent" });
    const database = await openDatabase({ database: { kind: "sqlite", file: join(dir, "platform.db") } }, log);
    try {
      const migrator = new Migrator({ db: database.db.withoutPlugins(), provider: { getMigrations: () => migrationsFor("sqlite") } });
      expect((await migrator.migrateTo("0019_last_visits")).error).toBeUndefined();
      await database.db.insertInto("patents").values(PATENTS).execute();
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      await between(database);
      await migrateToLatest(database, log);
      const engine = new SqlPatentSearch(database.db, "sqlite");
      const numbers = async (q: string, offset: number, limit: number) => (await engine.search({ q }, { offset, limit })).records.map((row) => row.publicationNumber);
      return { all: await numbers("键合", 0, 10), page: await numbers("键合", 1, 2), other: await numbers("封装", 0, 10) };
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const LISTED = { all: ["CN2A", "CN5A", "CN1A", "CN4A"], page: ["CN5A", "CN1A"], other: ["CN3A"] };

  it("are found after them on SQLite, listed by publication date, a later page along the index's walk", async () => {
    expect(await searchedAfter("0019_last_visits", async () => {})).toEqual(LISTED);
  });

  it("are found after 0023 where 0022 keyed them counting the date and the id up", async () => {
    const keyedUp = async ({ db }: DatabaseHandle) => {
      await sql`update patent_facts set full_text_key = (cast(replace(publication_date, '-', '') as integer) << 32) | patent_id`.execute(db);
      await sql`delete from patents_fts`.execute(db);
    };
    expect(await searchedAfter("0022_patent_fulltext_order", keyedUp)).toEqual(LISTED);
  });
});
