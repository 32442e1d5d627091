import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushLogs } from "../../../../server/modules/logs/writer";
import { testDatabases } from "../../helpers/databases";
import { createUser } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { bearer, CAPTCHA_ENV, passwordSignIn, refresh } from "./support";

const PASSWORD = "Plain-text-never-9";

/** Every value of every text column of every table in the test's database. */
async function allText(t: TestApp): Promise<string[]> {
  const db = t.database.db.withoutPlugins();
  const columns =
    t.database.dialect === "sqlite"
      ? (
          await sql<{ tableName: string; columnName: string }>`
            select m.name as "tableName", p.name as "columnName"
            from sqlite_master m join pragma_table_info(m.name) p
            where m.type = 'table' and upper(p.type) = 'TEXT'`.execute(db)
        ).rows
      : (
          await sql<{ tableName: string; columnName: string }>`
            select table_name as "tableName", column_name as "columnName" from information_schema.columns
            where table_schema = current_schema() and data_type in ('text', 'character varying')`.execute(db)
        ).rows;
  expect(columns.length).toBeGreaterThan(10);
  const values: string[] = [];
  for (const { tableName, columnName } of columns) {
    const { rows } = await sql<{ v: string | null }>`select ${sql.ref(columnName)} as v from ${sql.table(tableName)}`.execute(db);
    for (const row of rows) if (row.v !== null) values.push(String(row.v));
  }
  return values;
}

describe.each(testDatabases())("no password or token in plain text on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: CAPTCHA_ENV });
  });
  afterAll(() => t.close());

  it("after sign-ins, a failure, a refresh and a sign-out, finds none of them in any text column", async () => {
    await createUser(t.app, { username: "scanned", password: PASSWORD, roles: ["member"] });
    await passwordSignIn(t.app, "scanned", `${PASSWORD}x`);
    const first = (await passwordSignIn(t.app, "scanned", PASSWORD)).json();
    const second = (await refresh(t.app, first.refresh_token)).json();
    const third = (await passwordSignIn(t.app, "scanned", PASSWORD)).json();
    await t.app.inject({ method: "GET", url: "/uaa/identity/logout", headers: bearer(third.access_token) });
    await flushLogs(t.app);

    const secrets = [PASSWORD, first.access_token, first.refresh_token, second.access_token, second.refresh_token, third.access_token, third.refresh_token];
    expect(secrets.every((s) => typeof s === "string" && s.length > 8)).toBe(true);
    const values = await allText(t);
    // The scan sees what was written: the user, the sessions and the log rows are there.
    expect(values).toContain("scanned");
    for (const secret of secrets) {
      expect(values.filter((v) => v.includes(secret))).toEqual([]);
    }
  });
});
