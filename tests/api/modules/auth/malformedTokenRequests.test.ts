import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerGrant } from "../../../../server/modules/auth/grants";
import { testDatabases } from "../../helpers/databases";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { CLIENT, TOKEN_PATH } from "./support";

/** An answer of the token endpoint as OAuth clients and the app both read it. */
function expectTokenError(res: { statusCode: number; body: string; json(): unknown }, status: number, message: string | RegExp): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["code", "error", "error_description", "message"]);
  expect(body.error).toMatch(/^[a-z_]+$/);
  expect(body.error_description).toMatch(/^[\x20-\x7e]+$/);
  expect(body.message).toMatch(message);
  expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  expect(res.body).not.toMatch(/FST_|Error:|at \w+ \(/);
}

describe.each(testDatabases())("the token endpoint with malformed requests on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      // A grant whose code fails: what a caller sees of a bug is the app-wide answer, nothing internal.
      routes: (app) =>
        registerGrant(app, "test_broken", async () => {
          throw new Error("internal detail: relation users_secret does not exist");
        }),
    });
  });
  afterAll(() => t.close());

  const post = (payload: string | undefined, contentType?: string) =>
    t.app.inject({ method: "POST", url: TOKEN_PATH, payload, headers: contentType ? { "content-type": contentType } : {} });

  it("answers an empty JSON body 400 invalid_request", async () => {
    const res = await post("", "application/json");
    expectTokenError(res, 400, "请求体不能为空");
    expect(res.json()).toMatchObject({ error: "invalid_request", code: 400 });
  });

  it("answers a body that is not JSON under a JSON content type 400 invalid_request", async () => {
    for (const payload of ["{", "grant_type=password", "\u0000\u0001", '{"a":'.repeat(10)]) {
      const res = await post(payload, "application/json");
      expectTokenError(res, 400, "请求体不是合法的 JSON");
      expect(res.json().error).toBe("invalid_request");
    }
  });

  it("answers JSON that is not an object, or an object without credentials, 401 invalid_client", async () => {
    for (const payload of ["{}", "[]", "null", "42", '"text"', JSON.stringify({ grant_type: ["password"], client_id: { a: 1 } })]) {
      const res = await post(payload, "application/json");
      expectTokenError(res, 401, "客户端认证失败");
      expect(res.json().error).toBe("invalid_client");
    }
  });

  it("answers an empty or garbled form body, and no body at all, 401 invalid_client", async () => {
    for (const [payload, type] of [
      ["", "application/x-www-form-urlencoded"],
      ["%%%&&==&=%zz", "application/x-www-form-urlencoded"],
      [undefined, undefined],
    ] as const) {
      expectTokenError(await post(payload, type), 401, "客户端认证失败");
    }
  });

  it("answers the client's request without grant_type 400, in the same shape", async () => {
    const res = await post(new URLSearchParams(CLIENT).toString(), "application/x-www-form-urlencoded");
    expectTokenError(res, 400, "参数 grant_type 不能为空");
  });

  it("reads no parameters from plain text, and answers an unknown content type 415 and a body over the limit 413", async () => {
    expectTokenError(await post("grant_type=password&client_id=web&client_secret=web-secret", "text/plain"), 401, "客户端认证失败");
    expectTokenError(await post("\u00ff\u00fe garbage", "application/octet-stream"), 415, "不支持的请求内容类型");
    const huge = JSON.stringify({ grant_type: "password", pad: "x".repeat(t.config.bodyLimitBytes) });
    expectTokenError(await post(huge, "application/json"), 413, "请求体过大");
  });

  it("answers an unexpected failure 500 with the app's message and shows nothing internal", async () => {
    const res = await post(new URLSearchParams({ ...CLIENT, grant_type: "test_broken" }).toString(), "application/x-www-form-urlencoded");
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, message: "服务器内部错误" });
  });

  it("answers the GET form of SPEC 7 without parameters 401 invalid_client", async () => {
    expectTokenError(await t.app.inject({ method: "GET", url: "/oauth/token" }), 401, "客户端认证失败");
  });
});
