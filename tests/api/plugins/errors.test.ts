import { Type } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../../../server/plugins/envelope";
import { testDatabases } from "../helpers/databases";
import { startTestApp, type TestApp } from "../helpers/testApp";

const ArchiveForm = Type.Object({
  username: Type.String({ minLength: 1 }),
  mobile: Type.Optional(Type.String({ pattern: "^1\\d{10}$" })),
  contactPerson: Type.Optional(Type.String({ maxLength: 20 })),
  mainBusiness: Type.Optional(Type.String({ title: "主营业务需求", maxLength: 10 })),
  count: Type.Optional(Type.Integer({ minimum: 1 })),
  model: Type.Optional(Type.Object({ compId: Type.String({ title: "企业" }) })),
});

describe.each(testDatabases())("errors on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { BODY_LIMIT_KB: "1" },
      routes: (app) => {
        app.post("/api/test/archive", { config: { access: "public", logAction: false }, schema: { body: ArchiveForm } }, async (request) => ok(request.body));
        app.get("/api/test/boom", { config: { access: "public" } }, async () => {
          throw new Error("secret internal detail");
        });
      },
    });
  });
  afterAll(() => t.close());

  const post = (payload: unknown) => t.app.inject({ method: "POST", url: "/api/test/archive", payload: payload as object });

  it.each([
    [{}, "参数 username 不能为空"],
    [{ username: "" }, "参数 username 不能为空"],
    [{ username: "a", mobile: "12345" }, "参数 mobile 格式不正确"],
    [{ username: "a", contactPerson: "张".repeat(21) }, "参数 contactPerson 长度不能超过 20 个字符"],
    [{ username: "a", mainBusiness: "很长的主营业务需求描述文字" }, "参数 主营业务需求 长度不能超过 10 个字符"],
    [{ username: "a", count: 0 }, "参数 count 不能小于 1"],
    [{ username: "a", count: "many" }, "参数 count 应为整数"],
    [{ username: "a", model: {} }, "参数 企业 不能为空"],
  ])("answers 400 naming the field for %j", async (payload, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  });

  it("passes a valid body through", async () => {
    const res = await post({ username: "a", mobile: "13800000000" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: "success", result: { username: "a", mobile: "13800000000" } });
  });

  it("answers 400 for a body that is not JSON", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/test/archive", headers: { "content-type": "application/json" }, payload: "{oops" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: "请求体不是合法的 JSON" });
  });

  it("answers 413 for a body over BODY_LIMIT_KB", async () => {
    const res = await post({ username: "x".repeat(2048) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, message: "请求体过大" });
  });

  it("answers 415 for a content type it does not read", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/test/archive", headers: { "content-type": "text/csv" }, payload: "a,b" });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(415);
  });

  it("answers 500 without details for an unexpected error", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/test/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, message: "服务器内部错误" });
    expect(res.body).not.toContain("secret");
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(["/api/nothing/here", "/uaa/nothing", "/patnavi/x", "/oauth/x", "/portal/x", "/api"])(
    "answers an unknown API path %s with a 404 envelope",
    async (url) => {
      const res = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: "接口不存在" });
    },
  );

  it("answers a wrong method on a known API path with a 404 envelope", async () => {
    const res = await t.app.inject({ method: "DELETE", url: "/api/health" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: "接口不存在" });
  });

  it("answers a page navigation with 503 while the app is not built", async () => {
    const res = await t.app.inject({ method: "GET", url: "/logs", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 503, message: "前端应用尚未构建，请先运行 npm run build" });
  });
});
