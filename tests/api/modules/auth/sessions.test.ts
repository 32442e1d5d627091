import type { FastifyRequest } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { LAST_SEEN_INTERVAL_MS } from "../../../../server/modules/auth/principal";
import { revokeUserSessions } from "../../../../server/modules/auth/sessions";
import { fromDbTime } from "../../../../server/db/time";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn } from "../../helpers/signIn";
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../../helpers/testApp";
import { bearer, CAPTCHA_ENV, freezeClock, passwordSignIn, refresh, travel } from "./support";

const PASSWORD = "Member-pass-1";
const USER_INFO = "/uaa/accounts/getUserInfo";
const ADMIN_ONLY = "/api/test/admin-users";
const WHO_AM_I = "/api/test/public-who";
const TOKEN_INVALID = { code: 40101, message: "登录已失效，请重新登录" };
const SESSION_ENDED = { code: 41202, message: "会话已结束，请重新登录" };
const REFRESH_INVALID = { error: "invalid_grant", error_description: "refresh token invalid or expired", code: 41201, message: "登录已过期，请重新登录" };

interface Pair {
  access_token: string;
  refresh_token: string;
}

describe.each(testDatabases())("sessions and the guard on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { ...CAPTCHA_ENV, ACCESS_TOKEN_TTL_MIN: "30" },
      // A route that needs a menu code only administrators hold.
      routes: (app) => {
        const who = async (request: FastifyRequest) => ({ code: 200, message: "success", result: request.user?.username ?? null });
        app.get(ADMIN_ONLY, { config: { access: MenuCode.ADMIN_USERS } }, who);
        app.get(WHO_AM_I, { config: { access: "public" } }, who);
      },
    });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  async function signInPair(username = "admin", password = TEST_ADMIN_PASSWORD): Promise<Pair> {
    const res = await passwordSignIn(t.app, username, password);
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  const userInfo = (token: string, type = "bearer") => t.app.inject({ method: "POST", url: USER_INFO, headers: { authorization: `${type} ${token}` } });

  it("issues access tokens for ACCESS_TOKEN_TTL_MIN and accepts any token type word", async () => {
    const pair = await signInPair();
    expect((await passwordSignIn(t.app, "admin", TEST_ADMIN_PASSWORD)).json().expires_in).toBe(1800);
    for (const type of ["bearer", "Bearer"]) expect((await userInfo(pair.access_token, type)).statusCode).toBe(200);
  });

  it.each([
    ["no token", {}],
    ["an unknown token", bearer("x".repeat(43))],
    ["a header without a token", { authorization: "bearer" }],
  ])("refuses %s on a signed-in route with 40101", async (_case, headers) => {
    const res = await t.app.inject({ method: "POST", url: USER_INFO, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(TOKEN_INVALID);
  });

  it("lets a public route through with a stale token, and gives it the user with a valid one", async () => {
    expect((await t.app.inject({ method: "GET", url: "/uaa/identity/captcha", headers: bearer("stale") })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: WHO_AM_I, headers: bearer("stale") })).json().result).toBeNull();
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    expect((await t.app.inject({ method: "GET", url: WHO_AM_I, headers: admin.headers })).json().result).toBe("admin");
  });

  it("refuses an expired access token with 40101, and a refresh brings a working one", async () => {
    freezeClock();
    const pair = await signInPair();
    travel(30 * 60_000);
    expect((await userInfo(pair.access_token)).json()).toEqual(TOKEN_INVALID);
    const next = await refresh(t.app, pair.refresh_token);
    expect(next.statusCode).toBe(200);
    expect((await userInfo(next.json().access_token)).statusCode).toBe(200);
  });

  it("rotates the refresh token: each works once", async () => {
    const first = await signInPair();
    const res = await refresh(t.app, first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second: Pair = res.json();
    expect(res.json()).toMatchObject({ token_type: "bearer", expires_in: 1800, scope: "all", code: 200, message: "success" });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    const third = await refresh(t.app, second.refresh_token);
    expect(third.statusCode).toBe(200);
  });

  it("ends the whole session when a used refresh token comes back (RFC 9700)", async () => {
    const first = await signInPair();
    const second: Pair = (await refresh(t.app, first.refresh_token)).json();

    const replay = await refresh(t.app, first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ ...REFRESH_INVALID, error_description: "refresh token already used", message: "登录凭证已被使用，为安全起见已退出登录，请重新登录" });

    // The newest pair, which the thief may hold, dies with it.
    expect((await refresh(t.app, second.refresh_token)).json()).toEqual(REFRESH_INVALID);
    expect((await userInfo(second.access_token)).json()).toEqual(SESSION_ENDED);
    expect((await userInfo(first.access_token)).json()).toEqual(SESSION_ENDED);
    const session = await t.database.db.selectFrom("authSessions").select("revokeReason").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(session.revokeReason).toBe("refresh_reuse");
  });

  it("refuses an unknown, another client's or an expired refresh token with 41201", async () => {
    expect((await refresh(t.app, "y".repeat(43))).json()).toEqual(REFRESH_INVALID);
    expect((await refresh(t.app, "")).json()).toMatchObject({ error: "invalid_request", code: 400, message: "参数 refresh_token 不能为空" });

    const other = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    await t.database.db.updateTable("authSessions").set({ clientId: "another" }).where("id", "=", other.sessionId).execute();
    expect((await refresh(t.app, other.refreshToken)).json()).toEqual(REFRESH_INVALID);

    freezeClock();
    const pair = await signInPair();
    travel(7 * 86_400_000);
    const res = await refresh(t.app, pair.refresh_token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(REFRESH_INVALID);
  });

  it("refuses the tokens of a revoked session with 41202 and its refresh token with 41201", async () => {
    const userId = await createUser(t.app, { username: "revoked1", password: PASSWORD, roles: ["member"] });
    const kept = await signIn(t.app, "revoked1", PASSWORD);
    const ended = await signInPair("revoked1", PASSWORD);
    expect(await revokeUserSessions(t.app, userId, "password_changed", { exceptSessionId: kept.sessionId })).toBe(1);

    const res = await userInfo(ended.access_token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_ENDED);
    expect((await refresh(t.app, ended.refresh_token)).json()).toEqual(REFRESH_INVALID);
    expect((await userInfo(kept.accessToken)).statusCode).toBe(200);
  });

  it("ends the sessions of an account that is disabled or deleted", async () => {
    const disabledId = await createUser(t.app, { username: "tobedisabled", password: PASSWORD });
    const deletedId = await createUser(t.app, { username: "tobedeleted", password: PASSWORD });
    const disabled = await signIn(t.app, "tobedisabled", PASSWORD);
    const deleted = await signIn(t.app, "tobedeleted", PASSWORD);
    await t.database.db.updateTable("users").set({ status: "disabled" }).where("id", "=", disabledId).execute();
    await t.database.db.updateTable("users").set({ deleted: 1 }).where("id", "=", deletedId).execute();
    expect((await userInfo(disabled.accessToken)).json()).toEqual(SESSION_ENDED);
    expect((await userInfo(deleted.accessToken)).json()).toEqual(SESSION_ENDED);
    expect((await refresh(t.app, disabled.refreshToken)).json()).toEqual(REFRESH_INVALID);
  });

  it("refuses a route whose menu code the user's roles lack with 403", async () => {
    await createUser(t.app, { username: "member403", password: PASSWORD, roles: ["member"] });
    const member = await signIn(t.app, "member403", PASSWORD);
    const refused = await t.app.inject({ method: "GET", url: ADMIN_ONLY, headers: member.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, message: "没有权限执行此操作" });

    const admin = await signInPair();
    const allowed = await t.app.inject({ method: "GET", url: ADMIN_ONLY, headers: bearer(admin.access_token) });
    expect(allowed.json()).toEqual({ code: 200, message: "success", result: "admin" });
    expect((await t.app.inject({ method: "GET", url: ADMIN_ONLY })).json()).toEqual(TOKEN_INVALID);
  });

  it("signs out: the session's access and refresh tokens stop working", async () => {
    const pair = await signInPair();
    const res = await t.app.inject({ method: "GET", url: "/uaa/identity/logout", headers: bearer(pair.access_token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: "success", result: null });
    expect((await userInfo(pair.access_token)).json()).toEqual(SESSION_ENDED);
    expect((await refresh(t.app, pair.refresh_token)).json()).toEqual(REFRESH_INVALID);
  });

  it("answers a second logout, one without a token and one after a reused refresh token ended the session with code 200", async () => {
    const logout = (headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url: "/uaa/identity/logout", headers });
    const signedOut = { code: 200, message: "success", result: null };
    const pair = await signInPair();
    expect((await logout(bearer(pair.access_token))).json()).toEqual(signedOut);
    const again = await logout(bearer(pair.access_token));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(signedOut);
    expect((await logout()).json()).toEqual(signedOut);
    expect((await logout(bearer("x".repeat(43)))).json()).toEqual(signedOut);

    const stolen = await signInPair();
    expect((await refresh(t.app, stolen.refresh_token)).statusCode).toBe(200);
    expect((await refresh(t.app, stolen.refresh_token)).json().code).toBe(41201);
    expect((await userInfo(stolen.access_token)).json()).toEqual(SESSION_ENDED);
    const res = await logout(bearer(stolen.access_token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(signedOut);
  });

  it("records when a session was last seen, at most once a minute", async () => {
    freezeClock();
    const pair = await signInPair();
    const lastSeen = async () => {
      const row = await t.database.db
        .selectFrom("authSessions")
        .select(["lastSeenAt", "createdAt"])
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      return fromDbTime(row.lastSeenAt).getTime() - fromDbTime(row.createdAt).getTime();
    };
    travel(LAST_SEEN_INTERVAL_MS - 1000);
    await userInfo(pair.access_token);
    expect(await lastSeen()).toBe(0);
    travel(1000);
    await userInfo(pair.access_token);
    expect(await lastSeen()).toBe(LAST_SEEN_INTERVAL_MS);
    travel(30_000);
    await userInfo(pair.access_token);
    expect(await lastSeen()).toBe(LAST_SEEN_INTERVAL_MS);
  });
});
