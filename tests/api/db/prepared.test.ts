import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containsPattern, matchesPattern } from "../../../server/db/like";
import { prepare, PreparedShapes, statementNameOf } from "../../../server/db/prepared";
import { testDatabases } from "../helpers/databases";
import { startTestApp, type TestApp } from "../helpers/testApp";

describe.each(testDatabases())("prepared statements on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it("are built once and run with each call's values, rows mapped to camelCase", async () => {
    const { db, dialect } = t.database;
    let builds = 0;
    const roles = prepare(db, (v: { code: string; pattern: string; limit: number }) => {
      builds += 1;
      return db
        .selectFrom("roles")
        .select(["code", "builtin", "createdAt"])
        .where((eb) => eb.or([eb("code", "=", v.code), matchesPattern(dialect, eb.ref("name"), v.pattern)]))
        .orderBy("code")
        .limit(v.limit);
    });
    expect(await roles.all({ code: "admin", pattern: containsPattern("no such name"), limit: 10 })).toEqual([
      { code: "admin", builtin: 1, createdAt: expect.anything() },
    ]);
    expect((await roles.all({ code: "staff", pattern: containsPattern("会员"), limit: 10 })).map((r) => r.code)).toEqual(["member", "staff"]);
    expect(await roles.first({ code: "nobody", pattern: containsPattern("nothing"), limit: 10 })).toBeUndefined();
    expect((await roles.all({ code: "nobody", pattern: "%", limit: 1 })).length).toBe(1);
    expect(builds).toBe(1);
  });

  it("refuse a value used in JavaScript rather than bound", () => {
    const { db } = t.database;
    expect(() => prepare(db, (v: { code: string }) => db.selectFrom("roles").select("id").where("code", "=", `${v.code}!`))).toThrow(/must be a bound parameter/);
    expect(() => prepare(db, (v: { code: string }) => db.selectFrom("roles").select("id").where(sql.lit(1), "=", sql.lit(v.code ? 1 : 0)))).toThrow(
      /did not become parameters/,
    );
  });

  it("run as named statements on PostgreSQL, parsed once per connection", async () => {
    const { db } = t.database;
    const statement = prepare(db, (v: { id: number }) => db.selectFrom("users").select("username").where("id", "=", v.id));
    expect(statementNameOf(statement.sql)).toMatch(/^prepared_\d+$/);
    expect(statementNameOf("select 1")).toBeUndefined();
    expect(await statement.first({ id: 1 })).toEqual({ username: "admin" });
    if (kind !== "postgres") return;
    // The pool lends the connection it got back last, so the same one shows its statements.
    const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db);
    expect(rows.map((r) => r.name)).toContain(statementNameOf(statement.sql));
  });
});

describe("PreparedShapes", () => {
  it("prepares each shape once and keeps a bounded number", () => {
    const shapes = new PreparedShapes<number>(2);
    let made = 0;
    const get = (key: string) => shapes.get(key, () => ++made);
    expect([get("a"), get("a"), get("b"), get("a")]).toEqual([1, 1, 2, 1]);
    expect(get("c")).toBe(3);
    expect(get("a")).toBe(4);
  });
});
