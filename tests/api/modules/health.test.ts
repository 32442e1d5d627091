import { afterEach, describe, expect, it } from "vitest";
import { testDatabases } from "../helpers/databases";
import { startTestApp, type TestApp } from "../helpers/testApp";

describe.each(testDatabases())("GET /api/health on %s", (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  it("reports that the database answers", async () => {
    t = await startTestApp(kind);
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: "success", result: { status: "ok", database: "up", dialect: kind } });
  });

  it("answers 503 when the database does not", async () => {
    t = await startTestApp(kind);
    await t.database.close();
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 503, message: "数据库不可用" });
  });
});
