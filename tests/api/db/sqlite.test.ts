import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqliteDialect } from "../../../server/db/sqlite";

describe("the SQLite connection", () => {
  let dir: string;
  let db: Kysely<object>;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "sqlite-connection-"));
    db = new Kysely<object>({ dialect: openSqliteDialect(join(dir, "test.db")) });
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lets what waited meanwhile run after a long statement, before its caller goes on", async () => {
    // better-sqlite3 holds the process while a statement runs; a chain of them must not hold it throughout.
    let waited = false;
    setImmediate(() => (waited = true));
    const { rows } = await sql<{ n: number }>`with recursive c(i) as (select 1 union all select i + 1 from c where i < 2000000) select count(*) as n from c`.execute(db);
    expect(rows[0].n).toBe(2_000_000);
    expect(waited).toBe(true);
  });
});
