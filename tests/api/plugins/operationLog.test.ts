import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../server/app";
import { loadConfig } from "../../../server/config";
import { openDatabase } from "../../../server/db/database";
import { createLogger } from "../../../server/logger";
import { flushLogs } from "../../../server/modules/logs/writer";
import { testDatabases } from "../helpers/databases";
import { multipartBody } from "../helpers/multipart";
import { createUser } from "../helpers/signIn";
import { createTestEnvironment, startTestApp, type TestApp } from "../helpers/testApp";
import { bearer, CAPTCHA_ENV, passwordSignIn } from "../modules/auth/support";

const PASSWORD = "Logged-pass-2026";
const NEW_PASSWORD = "Changed-pass-2026";
const WRONG_PASSWORD = "Wrong-pass-2026";

/** Every text column of operation_logs, where a leaked secret could hide. */
const TEXT_COLUMNS = ["logAction", "remoteAddr", "userName", "method", "path", "params", "errorMessage"] as const;

describe.each(testDatabases())("the operation-log hook on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: CAPTCHA_ENV });
  });
  afterAll(() => t.close());

  const rowsFor = async (userName: string) => {
    await flushLogs(t.app);
    return t.database.db.selectFrom("operationLogs").selectAll().where("userName", "=", userName).orderBy("id").execute();
  };

  it("logs sign-ins, changes, failed changes and the sign-out, and no password or token anywhere", async () => {
    const userId = await createUser(t.app, { username: "hooked1", password: PASSWORD });
    const failedSignIn = await passwordSignIn(t.app, "hooked1", WRONG_PASSWORD);
    expect(failedSignIn.statusCode).toBe(400);
    const signedIn = (await passwordSignIn(t.app, "hooked1", PASSWORD)).json();
    const headers = bearer(signedIn.access_token);

    const changed = await t.app.inject({ method: "POST", url: "/api/user/changePersonInfo", headers, payload: { name: "张三" } });
    expect(changed.json()).toMatchObject({ code: 200 });
    const refused = await t.app.inject({
      method: "POST",
      url: "/patnavi/ucenter/rest/user/passwd",
      headers,
      payload: { oldPassword: WRONG_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(refused.json()).toMatchObject({ code: 400, message: "原密码错误" });
    await t.app.inject({ method: "POST", url: "/patnavi/ucenter/rest/user/passwd", headers, payload: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    await t.app.inject({ method: "GET", url: "/uaa/identity/logout", headers });

    const rows = await rowsFor("hooked1");
    expect(rows.map((r) => [r.logAction, r.logType, r.exceptionType])).toEqual([
      ["登录失败：用户名或密码错误", 1, 1],
      ["登录成功", 1, 0],
      ["修改个人信息", 2, 0],
      ["修改密码", 2, 1],
      ["修改密码", 2, 0],
      ["退出登录", 1, 0],
    ]);
    expect(rows[2]).toMatchObject({ userId, method: "POST", path: "/api/user/changePersonInfo", remoteAddr: "127.0.0.1", errorMessage: null });
    expect(JSON.parse(rows[2].params ?? "")).toEqual({ name: "张三" });
    expect(rows[2].durationMs).toBeGreaterThanOrEqual(0);
    expect(rows[3]).toMatchObject({ userId, errorMessage: "原密码错误" });
    expect(JSON.parse(rows[3].params ?? "")).toEqual({ oldPassword: "******", newPassword: "******" });

    // Search the whole table, not only these rows, for the plaintext.
    const secrets = [PASSWORD, NEW_PASSWORD, WRONG_PASSWORD, signedIn.access_token, signedIn.refresh_token];
    const all = await t.database.db.selectFrom("operationLogs").select(TEXT_COLUMNS).execute();
    for (const row of all) {
      for (const column of TEXT_COLUMNS) {
        for (const secret of secrets) expect(row[column] ?? "", `${column} holds a secret`).not.toContain(secret);
      }
    }
  });

  it("names an anonymous caller by the mobile it sends, else 匿名, and logs a refused write", async () => {
    await t.app.inject({ method: "POST", url: "/api/notify/smscode", ...multipartBody([{ name: "mobile", content: "13912345678" }, { name: "scene", content: "register" }]) });
    expect(await rowsFor("13912345678")).toMatchObject([{ logAction: "发送短信验证码", logType: 2, userId: null, exceptionType: 0 }]);

    const refused = await t.app.inject({ method: "POST", url: "/api/user/changePersonInfo", payload: { name: "x" } });
    expect(refused.statusCode).toBe(401);
    const [row] = (await rowsFor("匿名")).filter((r) => r.path === "/api/user/changePersonInfo");
    expect(row).toMatchObject({ logAction: "修改个人信息", exceptionType: 1, userId: null });
    expect(row.errorMessage).toBeTruthy();
  });

  it("logs an upload by the file's name and size, never its content", async () => {
    await createUser(t.app, { username: "hooked2", password: PASSWORD });
    const token = (await passwordSignIn(t.app, "hooked2", PASSWORD)).json().access_token;
    const content = "secret-file-content-".repeat(10);
    const form = multipartBody([{ name: "file", filename: "方案.docx", content }]);
    const res = await t.app.inject({ method: "POST", url: "/api/files/upload", headers: { ...bearer(token), ...form.headers }, payload: form.payload });
    expect(res.json()).toMatchObject({ code: 200 });
    const [row] = (await rowsFor("hooked2")).filter((r) => r.logAction === "上传文件");
    expect(JSON.parse(row.params ?? "")).toEqual({ files: [{ fileName: "方案.docx", size: content.length }] });
    expect(row.params).not.toContain("secret-file-content");
  });

  it("writes nothing for a query sent as POST", async () => {
    await createUser(t.app, { username: "hooked3", password: PASSWORD });
    await flushLogs(t.app);
    const before = await t.database.db.selectFrom("operationLogs").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    await t.app.inject({ method: "POST", url: "/api/user/infoExists", payload: { type: "username", value: "hooked3" } });
    await flushLogs(t.app);
    const after = await t.database.db.selectFrom("operationLogs").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("routes that write", () => {
  it("stop the start when one states no logAction", async () => {
    const environment = await createTestEnvironment("sqlite");
    const config = loadConfig(environment.env);
    const logger = createLogger(config);
    const database = await openDatabase(config, logger);
    const app = await buildApp({ config, database, logger });
    app.post("/api/forgotten", { config: { access: "signedIn" } }, async () => "changed?");
    await expect(app.ready()).rejects.toThrow("write routes without config.logAction: POST /api/forgotten");
    await app.close().catch(() => undefined);
    await database.close();
    await environment.cleanup();
  });
});

describe.each(testDatabases())("the client address on %s", (kind) => {
  const forwarded = { "x-forwarded-for": "203.0.113.7" };
  const whoCalls = (app: TestApp["app"]) =>
    app.get("/api/test/ip", { config: { access: "public" } }, async (request) => ({ ip: request.ip }));

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", async () => {
    const t = await startTestApp(kind, { env: { TRUST_PROXY: "10.0.0.0/8" }, routes: whoCalls });
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/test/ip", headers: forwarded, remoteAddress: "192.0.2.1" });
      expect(res.json()).toEqual({ ip: "192.0.2.1" });
    } finally {
      await t.close();
    }
  });

  it("honours X-Forwarded-For from a trusted proxy, and nobody's by default", async () => {
    const trusted = await startTestApp(kind, { env: { TRUST_PROXY: "127.0.0.1,10.0.0.0/8" }, routes: whoCalls });
    const untrusting = await startTestApp(kind, { routes: whoCalls });
    try {
      const viaProxy = await trusted.app.inject({ method: "GET", url: "/api/test/ip", headers: forwarded, remoteAddress: "10.1.2.3" });
      expect(viaProxy.json()).toEqual({ ip: "203.0.113.7" });
      const direct = await untrusting.app.inject({ method: "GET", url: "/api/test/ip", headers: forwarded, remoteAddress: "10.1.2.3" });
      expect(direct.json()).toEqual({ ip: "10.1.2.3" });
    } finally {
      await trusted.close();
      await untrusting.close();
    }
  });
});
