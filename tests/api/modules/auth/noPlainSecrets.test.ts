import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushLogs } from "../../../../server/modules/logs/writer";
import { testDatabases } from "../../helpers/databases";
import { createUser } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { idTokenFor } from "../sso/support";
import { bearer, CAPTCHA_ENV, CLIENT, passwordSignIn, refresh, tokenRequest } from "./support";

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

describe.each(testDatabases())("no secret in the request log on %s", (kind) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { ...CAPTCHA_ENV, LOG_LEVEL: "info" }, logDestination: { write: (line: string) => lines.push(line) } });
  });
  afterAll(() => t.close());

  it("masks every password, token, secret and code sent in a query string, and logs the requests", async () => {
    await createUser(t.app, { username: "logged", password: PASSWORD, roles: ["member"] });
    // SPEC 7's query form of every call that carries a credential.
    const signedIn = (await passwordSignIn(t.app, "logged", PASSWORD, {}, "query")).json();
    expect(signedIn.access_token).toEqual(expect.any(String));
    const refreshed = (await tokenRequest(t.app, { grant_type: "refresh_token", ...CLIENT, refresh_token: signedIn.refresh_token }, "query")).json();
    expect(refreshed.access_token).toEqual(expect.any(String));
    await t.app.inject({ method: "POST", url: "/oauth/check_token", query: { token: refreshed.access_token, ...CLIENT } });
    const idToken = await idTokenFor(t.app, "zhangsan", "Zhangsan123");
    const exchanged = await t.app.inject({ method: "GET", url: "/oauth/token", query: { grant_type: "vcpwd", ex_token: idToken, ...CLIENT } });
    expect(exchanged.statusCode).toBe(200);
    // The SSO callback page, as the provider sends the browser back, and odd spellings of the names.
    const code = "Authorization-code-123456";
    await t.app.inject({ method: "GET", url: `/authorization-callback?code=${code}&state=s1`, headers: { accept: "text/html" } });
    await t.app.inject({ method: "GET", url: `/api/nowhere?Password=${PASSWORD}a&new_pwd=${PASSWORD}b&user%5Bpassword%5D=${PASSWORD}c&access_token=${signedIn.access_token}` });

    const log = lines.join("");
    expect(log).toContain('"url":"/uaa/oauth/token?');
    expect(log).toContain("grant_type=password");
    expect(log).toContain("/authorization-callback?code=******&state=s1");
    const secrets = [PASSWORD, CLIENT.client_secret, signedIn.access_token, signedIn.refresh_token, refreshed.access_token, refreshed.refresh_token, idToken, code];
    for (const secret of secrets) expect(log.includes(secret), secret).toBe(false);
  });
});
