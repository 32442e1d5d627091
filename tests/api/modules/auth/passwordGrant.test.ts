import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LOCKOUT_MS, LOCKOUT_THRESHOLD } from "../../../../contract/account";
import { formatDateTime } from "../../../../server/db/time";
import { testDatabases } from "../../helpers/databases";
import { createUser } from "../../helpers/signIn";
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../../helpers/testApp";
import { bearer, CAPTCHA_ENV, CLIENT, FIXED_CODE, freezeClock, newCaptcha, passwordSignIn, tokenRequest, travel } from "./support";

const PASSWORD = "Member-pass-1";

describe.each(testDatabases())("grant_type=password on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: CAPTCHA_ENV });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const userRow = (username: string) =>
    t.database.db.selectFrom("users").select(["failedLoginCount", "lockedUntil"]).where("username", "=", username).executeTakeFirstOrThrow();

  it("answers the standard token JSON with code and message added, never cached", async () => {
    const res = await passwordSignIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      token_type: "bearer",
      expires_in: 7200,
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      scope: "all",
      code: 200,
      message: "success",
    });
    expect(body.refresh_token).not.toBe(body.access_token);
    const me = await t.app.inject({ method: "POST", url: "/uaa/accounts/getUserInfo", headers: bearer(body.access_token) });
    expect(me.json().result.username).toBe("admin");
  });

  it.each(["query", "form"] as const)("reads the parameters from the %s too", async (via) => {
    const res = await passwordSignIn(t.app, "admin", TEST_ADMIN_PASSWORD, {}, via);
    expect(res.statusCode).toBe(200);
  });

  it("takes query and JSON body together, the body winning", async () => {
    const vid = await newCaptcha(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/uaa/oauth/token",
      query: { grant_type: "password", ...CLIENT, username: "admin", password: "wrong-in-query", vid },
      payload: { password: TEST_ADMIN_PASSWORD, vcode: FIXED_CODE },
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers GET /oauth/token with its query the same way", async () => {
    const vid = await newCaptcha(t.app);
    const query = { grant_type: "password", ...CLIENT, username: "admin", password: TEST_ADMIN_PASSWORD, vid, vcode: FIXED_CODE };
    const res = await t.app.inject({ method: "GET", url: "/oauth/token", query });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: "bearer", code: 200 });
  });

  it.each([
    ["a wrong secret", { client_id: "web", client_secret: "guess" }],
    ["an unknown client", { client_id: "other", client_secret: "web-secret" }],
    ["no client", {}],
  ])("refuses %s with 401 invalid_client", async (_case, client) => {
    const vid = await newCaptcha(t.app);
    const res = await tokenRequest(t.app, { grant_type: "password", ...client, username: "admin", password: TEST_ADMIN_PASSWORD, vid, vcode: FIXED_CODE });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "invalid_client", error_description: "client authentication failed", code: 401, message: "客户端认证失败" });
  });

  it("accepts the client in HTTP Basic (RFC 6749 2.3.1)", async () => {
    const vid = await newCaptcha(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/uaa/oauth/token",
      headers: { authorization: `Basic ${Buffer.from("web:web-secret").toString("base64")}` },
      payload: { grant_type: "password", username: "admin", password: TEST_ADMIN_PASSWORD, vid, vcode: FIXED_CODE },
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers an unknown grant type with unsupported_grant_type and a missing one with invalid_request", async () => {
    const unknown = await tokenRequest(t.app, { grant_type: "client_credentials", ...CLIENT });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: "unsupported_grant_type", code: 400, message: "不支持的授权类型" });
    const missing = await tokenRequest(t.app, { ...CLIENT });
    expect(missing.json()).toMatchObject({ error: "invalid_request", code: 400, message: "参数 grant_type 不能为空" });
  });

  it.each(["username", "password", "vid", "vcode"])("answers invalid_request without %s", async (name) => {
    const res = await passwordSignIn(t.app, "admin", TEST_ADMIN_PASSWORD, { [name]: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "invalid_request", code: 400, message: `参数 ${name} 不能为空` });
  });

  it("says the same for a wrong password and an unknown user, and counts only the known user's failure", async () => {
    await createUser(t.app, { username: "wrongpw", password: PASSWORD, roles: ["member"] });
    const wrong = await passwordSignIn(t.app, "wrongpw", "Not-the-password-1");
    const unknown = await passwordSignIn(t.app, "nobody_here", PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "invalid_grant", error_description: "bad credentials", code: 400, message: "用户名或密码错误" });
    }
    expect((await userRow("wrongpw")).failedLoginCount).toBe(1);
  });

  it("refuses a disabled account with the right password only", async () => {
    await createUser(t.app, { username: "disabled1", password: PASSWORD, status: "disabled" });
    expect((await passwordSignIn(t.app, "disabled1", PASSWORD)).json()).toMatchObject({ error: "invalid_grant", code: 400, message: "账号已被停用" });
    expect((await passwordSignIn(t.app, "disabled1", "Wrong-pass-1")).json()).toMatchObject({ message: "用户名或密码错误" });
  });

  it("does not sign in a deleted account", async () => {
    const id = await createUser(t.app, { username: "deleted1", password: PASSWORD });
    await t.database.db.updateTable("users").set({ deleted: 1 }).where("id", "=", id).execute();
    expect((await passwordSignIn(t.app, "deleted1", PASSWORD)).json()).toMatchObject({ code: 400, message: "用户名或密码错误" });
  });

  it("locks an account after five wrong passwords for ten minutes, saying until when, then lets it in again", async () => {
    await createUser(t.app, { username: "locked1", password: PASSWORD });
    freezeClock();
    for (let i = 1; i < LOCKOUT_THRESHOLD; i++) {
      expect((await passwordSignIn(t.app, "locked1", `Wrong-pass-${i}`)).json().message).toBe("用户名或密码错误");
    }
    const unlockAt = new Date(Math.ceil((Date.now() + LOCKOUT_MS) / 60_000) * 60_000);
    const expected = { error: "invalid_grant", error_description: "account locked", code: 423, message: `账号已锁定，请于 ${formatDateTime(unlockAt, "Asia/Shanghai").slice(11, 16)} 后再试` };
    const fifth = await passwordSignIn(t.app, "locked1", "Wrong-pass-5");
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toEqual(expected);

    // While locked, even the right password is refused, without touching the count.
    travel(LOCKOUT_MS - 1000);
    const during = await passwordSignIn(t.app, "locked1", PASSWORD);
    expect(during.statusCode).toBe(423);
    expect(during.json()).toEqual(expected);

    travel(1001);
    expect((await passwordSignIn(t.app, "locked1", PASSWORD)).statusCode).toBe(200);
    expect(await userRow("locked1")).toEqual({ failedLoginCount: 0, lockedUntil: null });
  });

  it("starts the count again after a successful sign-in", async () => {
    await createUser(t.app, { username: "recount", password: PASSWORD });
    for (let i = 0; i < LOCKOUT_THRESHOLD - 1; i++) await passwordSignIn(t.app, "recount", "Wrong-pass-1");
    expect((await passwordSignIn(t.app, "recount", PASSWORD)).statusCode).toBe(200);
    expect((await userRow("recount")).failedLoginCount).toBe(0);
    expect((await passwordSignIn(t.app, "recount", "Wrong-pass-1")).json().message).toBe("用户名或密码错误");
  });
});
