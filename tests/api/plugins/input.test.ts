import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_MAX_DEPTH } from "../../../server/plugins/input";
import { flushLogs, writeLog } from "../../../server/modules/logs/writer";
import { DB_INTEGER_MAX } from "../../../contract/limits";
import { testDatabases } from "../helpers/databases";
import { signInAsAdmin, type SignedIn } from "../helpers/signIn";
import { startTestApp, type TestApp } from "../helpers/testApp";

/** `depth` arrays inside each other around `inner`, as JSON text. */
const nestedJson = (depth: number, inner = "1") => "[".repeat(depth) + inner + "]".repeat(depth);

/** The same nesting as a value, built without recursion. */
function nestedValue(depth: number): unknown {
  let value: unknown = { password: "deep-secret" };
  for (let i = 0; i < depth; i++) value = { level: value };
  return value;
}

describe.each(testDatabases())("malformed input on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string | object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { ...admin.headers, "content-type": "application/json", ...headers },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });

  it.each([
    ["true", true, "参数 id 应为整数"],
    ['"1"', "1", "参数 id 应为整数"],
    ["[1]", [1], "参数 id 应为整数"],
    ["1.5", 1.5, "参数 id 应为整数"],
    ["2^31", DB_INTEGER_MAX + 1, `参数 id 不能大于 ${DB_INTEGER_MAX}`],
    ["2^53 + 2", 2 ** 53 + 2, `参数 id 不能大于 ${DB_INTEGER_MAX}`],
  ])("refuses an id of %s in a JSON body", async (_, id, message) => {
    const res = await post("/api/user/enabled", { id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  });

  it("refuses an id beyond the integer column in the path, and reads a plain one from it", async () => {
    const beyond = await t.app.inject({ method: "GET", url: `/api/logs/${DB_INTEGER_MAX + 1}`, headers: admin.headers });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toEqual({ code: 400, message: `参数 id 不能大于 ${DB_INTEGER_MAX}` });
    const missing = await t.app.inject({ method: "GET", url: `/api/logs/${DB_INTEGER_MAX}`, headers: admin.headers });
    expect(missing.statusCode).toBe(404);
  });

  it.each([
    [{ current: DB_INTEGER_MAX + 1, size: 10 }, `参数 current 不能大于 ${DB_INTEGER_MAX}`],
    [{ current: 1e300, size: 10 }, `参数 current 不能大于 ${DB_INTEGER_MAX}`],
    [{ current: "2", size: 10 }, "参数 current 应为整数"],
    [{ current: 0, size: 10 }, "参数 current 不能小于 1"],
  ])("refuses the page %j", async (page, message) => {
    const res = await post("/api/user/listData", page);
    expect(res.json()).toEqual({ code: 400, message });
  });

  it("answers the last page an integer column allows with no rows", async () => {
    const res = await post("/api/user/listData", { current: DB_INTEGER_MAX, size: 1000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ records: [], current: DB_INTEGER_MAX });
  });

  it("refuses a search text longer than a list is searched by, instead of failing in the database", async () => {
    const res = await post("/api/user/listData", { current: 1, size: 10, model: { name: "长".repeat(100_000) } });
    expect(res.json()).toEqual({ code: 400, message: "参数 name 长度不能超过 200 个字符" });
  });

  it("still reads numbers from a query string", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/logs/1", headers: admin.headers });
    expect(res.statusCode).not.toBe(400);
  });

  it.each([
    ["a JSON body", () => post("/api/user/listData", { current: 1, size: 10, model: { name: "a\u0000b" } }), "参数 name 不能包含空字符"],
    ["a JSON key", () => post("/api/user/listData", { current: 1, size: 10, model: { "a\u0000": "b" } }), "参数名不能包含空字符"],
    ["a bare JSON string", () => post("/api/user/infoExists", '"\\u0000"'), "请求体不能包含空字符"],
    [
      "a query string",
      () => t.app.inject({ method: "GET", url: "/uaa/identity/smsCode?mobile=138%0000000000&scene=register" }),
      "参数 mobile 不能包含空字符",
    ],
    ["a path", () => t.app.inject({ method: "GET", url: "/api/spsp/sdip/A%004/url", headers: admin.headers }), "参数 id 不能包含空字符"],
  ])("refuses a NUL character in %s", async (_, send, message) => {
    const res = await send();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  });

  it.each([
    [{ current: 1, size: 10, model: { name: "长".repeat(201) } }, "Parameter name cannot exceed 200 characters"],
    [{ current: 1, size: 10, model: { name: "a\u0000b" } }, "Parameter name cannot contain a NUL character"],
    [{ current: 1, size: 10, model: { "a\u0000": "b" } }, "Parameter names cannot contain a NUL character"],
    [{ current: "1", size: 10 }, "Parameter current must be an integer"],
    [{ current: 1, size: 0 }, "Parameter size cannot be less than 1"],
    [`{"model":${nestedJson(JSON_MAX_DEPTH + 1)}}`, `The request body cannot be nested more than ${JSON_MAX_DEPTH} levels deep`],
  ])("words the refusal of %j in English for an English caller", async (payload, message) => {
    const res = await post("/api/user/listData", payload, { "accept-language": "en-US,en;q=0.9" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  });

  it("saves text with a NUL character nowhere, and logs the refused call", async () => {
    const res = await post("/api/company/save", { name: "零\u0000企业" });
    expect(res.json()).toEqual({ code: 400, message: "参数 name 不能包含空字符" });
    await flushLogs(t.app);
    const companies = await t.app.db.selectFrom("companies").select("id").where("name", "like", "零%").execute();
    expect(companies).toEqual([]);
    const row = await t.app.db.selectFrom("operationLogs").selectAll().where("path", "=", "/api/company/save").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ exceptionType: 1, errorMessage: "参数 name 不能包含空字符" });
    expect(row.params).toContain("零\\u0000企业");
  });

  it(`refuses JSON nested deeper than ${JSON_MAX_DEPTH} levels before anything runs, and logs the call`, async () => {
    const within = await post("/api/user/infoExists", `{"type":"username","value":"admin","extra":${nestedJson(JSON_MAX_DEPTH - 1)}}`);
    expect(within.statusCode).toBe(200);
    for (const depth of [JSON_MAX_DEPTH + 1, 20_000]) {
      const res = await post("/api/company/save", `{"name":"深层企业${depth}","address":${nestedJson(depth)}}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: `请求体的嵌套层数不能超过 ${JSON_MAX_DEPTH} 层` });
    }
    const saved = await t.app.db.selectFrom("companies").select("id").where("name", "like", "深层企业%").execute();
    expect(saved).toEqual([]);
    await flushLogs(t.app);
    const rows = await t.app.db.selectFrom("operationLogs").select(["exceptionType", "errorMessage"]).where("path", "=", "/api/company/save").where("errorMessage", "like", "%嵌套%").execute();
    expect(rows).toHaveLength(2);
  });

  it("does not count brackets inside strings as nesting", async () => {
    const res = await post("/api/user/infoExists", { type: "username", value: "[".repeat(1000) + "{".repeat(1000) });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['{"__proto__":{"polluted":true}}'],
    ['{"constructor":{"prototype":{"polluted":true}}}'],
  ])("refuses the prototype-poisoning body %s", async (body) => {
    const res = await post("/api/user/infoExists", body);
    expect(res.json()).toEqual({ code: 400, message: "请求体不是合法的 JSON" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("writes the log row of any params: 20,000 levels deep, secrets masked and deep parts cut off", async () => {
    writeLog(t.app, {
      logAction: "深层参数",
      logType: 2,
      failed: false,
      userId: null,
      userName: "深层\u0000用户",
      remoteAddr: "127.0.0.1",
      method: "POST",
      path: "/api/test",
      params: { password: "top-secret", deep: nestedValue(20_000) },
    });
    await flushLogs(t.app);
    const row = await t.app.db.selectFrom("operationLogs").selectAll().where("logAction", "=", "深层参数").executeTakeFirstOrThrow();
    expect(row.userName).toBe("深层\uFFFD用户");
    expect(row.params).toContain('"password":"******"');
    expect(row.params).toContain("[…]");
    expect(row.params).not.toContain("deep-secret");
    expect(row.params).not.toContain("top-secret");
  });
});
