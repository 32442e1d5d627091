import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../helpers/databases";
import { startTestApp, type TestApp } from "../helpers/testApp";

describe.each(testDatabases())("the OpenAPI document on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it("lists the routes with their schemas", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/open/site", "/api/open/site/qr.svg", "/api/files/upload", "/api/open/download/{id}"]),
    );
    expect(Object.keys(doc.paths).some((path) => path.startsWith("/api/docs"))).toBe(false);
    expect(doc.paths["/api/files/upload"].post.requestBody.content).toHaveProperty("multipart/form-data");
    expect(doc.paths["/api/open/download/{id}"].get.parameters[0]).toMatchObject({ name: "id", in: "path", required: true });
    const health = doc.paths["/api/health"].get.responses["200"].content["application/json"].schema;
    expect(health.properties).toHaveProperty("code");
    expect(health.properties.result.properties).toHaveProperty("database");
  });

  it("serves the viewer at /api/docs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(res.statusCode);
    const page = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
  });
});
