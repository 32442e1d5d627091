import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../helpers/databases";
import { startTestApp, type TestApp } from "../helpers/testApp";

const INDEX_HTML = '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>';
const APP_JS = "console.log('app');";

describe.each(testDatabases())("the built app on %s", (kind) => {
  let t: TestApp;
  const staticDir = mkdtempSync(join(tmpdir(), "api-static-"));

  beforeAll(async () => {
    mkdirSync(join(staticDir, "assets"));
    writeFileSync(join(staticDir, "index.html"), INDEX_HTML);
    writeFileSync(join(staticDir, "assets", "app-1a2b.js"), APP_JS);
    writeFileSync(join(staticDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    t = await startTestApp(kind, { env: { STATIC_DIR: staticDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const get = (url: string, accept = "text/html,application/xhtml+xml,*/*;q=0.8") =>
    t.app.inject({ method: "GET", url, headers: { accept } });

  it.each(["/", "/logs", "/serviceFiles?id=12", "/userCenter/basicInfo", "/login/index"])("answers the page %s with index.html, not cached", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toBe(INDEX_HTML);
  });

  it("serves hashed assets with a long cache", async () => {
    const res = await get("/assets/app-1a2b.js", "*/*");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.body).toBe(APP_JS);
  });

  it("serves other files of the build without a long cache", async () => {
    const res = await get("/favicon.svg", "image/*");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a missing asset with a 404 envelope rather than the page", async () => {
    const res = await get("/assets/gone-9z9z.js", "*/*");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: "资源不存在" });
  });

  it("answers an API path with a 404 envelope even for a browser", async () => {
    const res = await get("/api/unknown");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: "接口不存在" });
  });

  it("does not answer a POST to a page with the app", async () => {
    const res = await t.app.inject({ method: "POST", url: "/logs", payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });

  it("does not answer a request that wants JSON with the app", async () => {
    const res = await get("/logs", "application/json");
    expect(res.statusCode).toBe(404);
  });
});
