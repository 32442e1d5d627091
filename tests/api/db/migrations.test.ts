import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrationsFor } from "../../../server/db/migrations";

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
