import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_IMPORT_HEADER } from "../../contract/companies";
import { RoleCode } from "../../contract/menus";
import { DatabaseUnavailableError } from "../../server/db/faults";
import { localeOf } from "../../server/i18n";
import { RATE_LIMITS } from "../../server/plugins/rateLimit";
import { testDatabases } from "./helpers/databases";
import { multipartBody } from "./helpers/multipart";
import { signInAsAdmin, type SignedIn } from "./helpers/signIn";
import { startTestApp, type TestApp } from "./helpers/testApp";
import { createCompany, userWith } from "./modules/questions/support";

const EN = { "accept-language": "en" };
const csv = (rows: string[][]) => `\uFEFF${rows.map((row) => row.join(",")).join("\r\n")}\r\n`;
const body = (res: LightMyRequestResponse) => res.json() as { code: number; message: string; result?: unknown };

describe("the caller's language from Accept-Language", () => {
  it("is English when English is preferred among the languages we speak, Chinese otherwise", () => {
    expect(localeOf(undefined)).toBe("zh-CN");
    expect(localeOf("en")).toBe("en");
    expect(localeOf("en-US,en;q=0.9")).toBe("en");
    expect(localeOf("zh-CN,zh;q=0.9,en;q=0.8")).toBe("zh-CN");
    expect(localeOf("fr-FR, en;q=0.5, zh;q=0.4")).toBe("en");
    expect(localeOf("zh;q=0.3, EN-GB;q=0.7")).toBe("en");
    expect(localeOf("en;q=0")).toBe("zh-CN");
    expect(localeOf("fr, de")).toBe("zh-CN");
  });
});

describe.each(testDatabases())("server messages in the caller's language on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { RATE_LIMIT_SCALE: "1" },
      routes: (app) =>
        app.get("/api/test/database-down", { config: { access: "public" } }, async () => {
          throw new DatabaseUnavailableError();
        }),
    });
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const both = async (call: (headers: Record<string, string>) => Promise<LightMyRequestResponse>) => ({
    zh: await call({}),
    en: await call(EN),
  });

  it("answers an unknown API path 404 in either language", async () => {
    const { zh, en } = await both((headers) => t.app.inject({ method: "GET", url: "/api/no-such-api", headers, remoteAddress: "10.9.0.1" }));
    expect([zh.statusCode, en.statusCode]).toEqual([404, 404]);
    expect(body(zh)).toEqual({ code: 404, message: "接口不存在" });
    expect(body(en)).toEqual({ code: 404, message: "No such API" });
  });

  it("words a schema validation failure in either language", async () => {
    const { zh, en } = await both((headers) =>
      t.app.inject({ method: "POST", url: "/api/company/save", headers: { ...admin.headers, ...headers }, payload: { name: 7 } }),
    );
    expect(body(zh)).toEqual({ code: 400, message: "参数 name 应为文本" });
    expect(body(en)).toEqual({ code: 400, message: "Parameter name must be text" });
  });

  it("answers a missing record 404 in either language", async () => {
    const { zh, en } = await both((headers) => t.app.inject({ method: "GET", url: "/api/company/987654", headers: { ...admin.headers, ...headers } }));
    expect(body(zh)).toEqual({ code: 404, message: "企业不存在" });
    expect(body(en)).toEqual({ code: 404, message: "No such company" });
  });

  it("names who changed an answer in between, and says saved, in either language", async () => {
    const zhang = await userWith(t.app, RoleCode.STAFF, "张调研");
    const li = await userWith(t.app, RoleCode.STAFF, "李调研");
    const compId = await createCompany(t.app, "语言测试企业");
    const save = (who: SignedIn, headers: Record<string, string>, currentAnswer: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/archives/serviceAnswer",
        headers: { ...who.headers, ...headers },
        payload: [{ compId, questionNo: "ip01", currentAnswer, version: 0 }] as unknown as Record<string, unknown>,
      });
    const saved = await save(zhang, EN, "专职 2 人");
    expect(body(saved)).toMatchObject({ code: 200, message: "Saved successfully" });

    const zh = await save(li, {}, "专职 3 人");
    const en = await save(li, EN, "专职 3 人");
    expect([zh.statusCode, en.statusCode]).toEqual([409, 409]);
    expect(body(zh).message).toMatch(/^保存失败：张调研 已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 修改了“.+”，请刷新后再编辑$/);
    expect(body(en).message).toMatch(/^Not saved: 张调研 changed “.+” at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}; refresh before editing$/);
    expect(body(en).result).toEqual(body(zh).result);
  });

  it("words a company import's refusal and every row's reason in either language", async () => {
    const importFile = (content: string, headers: Record<string, string>) => {
      const form = multipartBody([{ name: "file", filename: "企业.csv", content }]);
      return t.app.inject({ method: "POST", url: "/api/company/import", headers: { ...admin.headers, ...form.headers, ...headers }, payload: form.payload });
    };
    const rows = csv([[...COMPANY_IMPORT_HEADER], ["", "", "", "", "地址", "", ""], ["语言企业甲", "", "", "", "", "", "123"]]);
    const { zh, en } = await both((headers) => importFile(rows, headers));
    expect(body(zh)).toEqual({
      code: 400,
      message: "导入失败：2 行有误",
      result: { errors: [{ line: 2, reason: "请输入企业名称" }, { line: 3, reason: "请输入正确的联系电话" }] },
    });
    expect(body(en)).toEqual({
      code: 400,
      message: "Import failed: 2 rows are wrong",
      result: { errors: [{ line: 2, reason: "Please enter the company name" }, { line: 3, reason: "Please enter a correct phone number" }] },
    });

    const header = await both((headers) => importFile(csv([["名称", "代码"]]), headers));
    expect(body(header.en).message).toBe(`The headers must be: ${COMPANY_IMPORT_HEADER.join("、")}`);
  });

  it("refuses a stale token 401 in either language", async () => {
    const { zh, en } = await both((headers) =>
      t.app.inject({ method: "POST", url: "/uaa/accounts/getUserInfo", headers: { authorization: "bearer not-a-token", ...headers } }),
    );
    expect([zh.statusCode, en.statusCode]).toEqual([401, 401]);
    expect(body(zh).message).toBe("登录已失效，请重新登录");
    expect(body(en).message).toBe("Your sign-in is no longer valid. Please sign in again.");
  });

  it("keeps the token endpoint's RFC 6749 shape with its message in the caller's language", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const { zh, en } = await both((headers) =>
      t.app.inject({ method: "POST", url: "/uaa/oauth/token", headers: { ...form, ...headers }, payload: "grant_type=password&client_id=nobody", remoteAddress: "10.9.0.2" }),
    );
    expect(body(zh)).toMatchObject({ error: "invalid_client", message: "客户端认证失败" });
    expect(body(en)).toMatchObject({ error: "invalid_client", message: "Client authentication failed" });
    expect((en.json() as { error_description: string }).error_description).toMatch(/^[\x20-\x7e]+$/);
  });

  it("refuses too many calls 429 in either language", async () => {
    const probe = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/no-such-thing", headers, remoteAddress: "10.9.0.3" });
    for (let i = 0; i < RATE_LIMITS.notFound.max; i++) expect((await probe({})).statusCode).toBe(404);
    const { zh, en } = await both(probe);
    expect([zh.statusCode, en.statusCode]).toEqual([429, 429]);
    expect(body(zh)).toEqual({ code: 429, message: "请求过于频繁，请稍后再试" });
    expect(body(en)).toEqual({ code: 429, message: "Too many requests, please try again later" });
  });

  it("answers a database outage 503 in either language", async () => {
    const { zh, en } = await both((headers) => t.app.inject({ method: "GET", url: "/api/test/database-down", headers }));
    expect([zh.statusCode, en.statusCode]).toEqual([503, 503]);
    expect(body(zh)).toEqual({ code: 503, message: "服务暂不可用，请稍后再试" });
    expect(body(en)).toEqual({ code: 503, message: "The service is temporarily unavailable, please try again later" });
  });
});
