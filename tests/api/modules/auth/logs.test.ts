import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { flushLogs, maskSecrets, PARAMS_MAX_LENGTH, writeLog, type LogEntry } from "../../../../server/modules/logs/writer";
import { testDatabases } from "../../helpers/databases";
import { createUser } from "../../helpers/signIn";
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../../helpers/testApp";
import { bearer, CAPTCHA_ENV, passwordSignIn, refresh } from "./support";

const PASSWORD = "Member-pass-1";

describe("maskSecrets", () => {
  it("masks every credential-like field, however deep, and nothing else", () => {
    expect(
      maskSecrets({
        username: "admin",
        password: "p",
        newPwd: "p",
        client_secret: "s",
        vcode: "v",
        code_verifier: "c",
        nested: [{ refresh_token: "r", ex_token: "e", keep: 1 }],
      }),
    ).toEqual({
      username: "admin",
      password: "******",
      newPwd: "******",
      client_secret: "******",
      vcode: "******",
      code_verifier: "******",
      nested: [{ refresh_token: "******", ex_token: "******", keep: 1 }],
    });
  });
});

describe.each(testDatabases())("operation log rows on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: CAPTCHA_ENV });
  });
  afterAll(() => t.close());

  const rowsFor = async (userName: string) => {
    await flushLogs(t.app);
    return t.database.db.selectFrom("operationLogs").selectAll().where("userName", "=", userName).orderBy("id").execute();
  };

  it("writes a row for a sign-in, with the IP, the operator and the masked parameters", async () => {
    const userId = await createUser(t.app, { username: "logged1", password: PASSWORD });
    await passwordSignIn(t.app, "logged1", PASSWORD);
    const [row] = await rowsFor("logged1");
    expect(row).toMatchObject({
      logAction: "登录成功",
      logType: 1,
      exceptionType: 0,
      userId,
      userName: "logged1",
      remoteAddr: "127.0.0.1",
      method: "POST",
      path: "/uaa/oauth/token",
      errorMessage: null,
    });
    expect(row.durationMs).toBeGreaterThanOrEqual(0);
    const params = JSON.parse(row.params ?? "{}");
    expect(params).toMatchObject({ grant_type: "password", username: "logged1", password: "******", client_secret: "******", vcode: "******" });
    expect(row.params).not.toContain(PASSWORD);
  });

  it("writes a failed row with the reason for every refused sign-in", async () => {
    await createUser(t.app, { username: "logged2", password: PASSWORD });
    await passwordSignIn(t.app, "logged2", PASSWORD, { vcode: "nope" });
    await passwordSignIn(t.app, "logged2", "Wrong-pass-1");
    await passwordSignIn(t.app, "logged2", PASSWORD, { client_secret: "guess" });
    const rows = await rowsFor("logged2");
    expect(rows.map((r) => [r.logAction, r.logType, r.exceptionType])).toEqual([
      ["登录失败：验证码错误或已失效", 1, 1],
      ["登录失败：用户名或密码错误", 1, 1],
      ["登录失败：客户端认证失败", 1, 1],
    ]);
    expect(rows[1].errorMessage).toBe("bad credentials");
    expect(rows.every((r) => !r.params?.includes(PASSWORD) && !r.params?.includes("Wrong-pass-1"))).toBe(true);
  });

  it("writes a row when an unknown user is tried, under the name tried", async () => {
    await passwordSignIn(t.app, "ghost_user", PASSWORD);
    expect(await rowsFor("ghost_user")).toMatchObject([{ logAction: "登录失败：用户名或密码错误", userId: null, exceptionType: 1 }]);
  });

  it("writes a row for a sign-out and for a reused refresh token, none for a plain refresh", async () => {
    await createUser(t.app, { username: "logged3", password: PASSWORD });
    const pair = (await passwordSignIn(t.app, "logged3", PASSWORD)).json();
    const next = (await refresh(t.app, pair.refresh_token)).json();
    await refresh(t.app, pair.refresh_token);
    const again = (await passwordSignIn(t.app, "logged3", PASSWORD)).json();
    await t.app.inject({ method: "GET", url: "/uaa/identity/logout", headers: bearer(again.access_token) });
    const rows = await rowsFor("logged3");
    expect(rows.map((r) => [r.logAction, r.exceptionType])).toEqual([
      ["登录成功", 0],
      ["刷新令牌被重复使用，会话已终止", 1],
      ["登录成功", 0],
      ["退出登录", 0],
    ]);
    expect(rows[3]).toMatchObject({ logType: 1, method: "GET", path: "/uaa/identity/logout", remoteAddr: "127.0.0.1" });
    for (const row of rows) {
      for (const token of [pair.access_token, pair.refresh_token, next.refresh_token]) expect(row.params ?? "").not.toContain(token);
    }
  });

  it("cuts long parameters at 2000 characters", async () => {
    const entry: LogEntry = { logAction: "长参数", logType: 2, failed: false, userId: null, userName: "long_params", remoteAddr: "127.0.0.1", method: "POST", path: "/x", params: { text: "长".repeat(5000) } };
    writeLog(t.app, entry);
    const [row] = await rowsFor("long_params");
    expect(Array.from(row.params ?? "")).toHaveLength(PARAMS_MAX_LENGTH);
  });

  it("never throws and never fails the request when the row cannot be written", async () => {
    const error = vi.fn();
    const broken = { db: t.app.db.withSchema("no_such_schema"), dialect: t.app.dialect, log: { ...t.app.log, error } };
    expect(() => writeLog(broken as unknown as typeof t.app, { logAction: "x", logType: 2, failed: false, userId: null, userName: null, remoteAddr: "127.0.0.1", method: "GET", path: "/x" })).not.toThrow();
    await flushLogs(broken);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ logAction: "x" }), "operation log row not written");
  });

  it("keeps the administrator's sign-in rows with the user id", async () => {
    await passwordSignIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const rows = await rowsFor("admin");
    expect(rows.at(-1)).toMatchObject({ logAction: "登录成功", userId: expect.any(Number) });
  });
});
