import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { toDbTime } from "../../../../server/db/time";
import { issueTokens } from "../../../../server/modules/auth/sessions";
import { browserOf } from "../../../../server/modules/sessions/browser";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe("browserOf", () => {
  it.each([
    [CHROME_LINUX, "Chrome 156 / Linux"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87", "Edge 126 / Windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox 128 / macOS"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari 17 / iOS"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.49", "微信 8 / Android"],
    ["api-test", "未知浏览器"],
    [null, "未知浏览器"],
  ])("reads %s as %s", (userAgent, shown) => {
    expect(browserOf(userAgent, "zh-CN")).toBe(shown);
  });

  it("names WeChat and an unknown browser in the reader's language", () => {
    expect(browserOf("Mozilla/5.0 (Linux; Android 14) MicroMessenger/8.0.49", "en")).toBe("WeChat 8 / Android");
    expect(browserOf(null, "en")).toBe("Unknown browser");
  });
});

describe.each(testDatabases())("session administration on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>, who = admin) => t.app.inject({ method: "POST", url, headers: who.headers, payload });

  it("lists live sessions with user, IP, browser and times, and ends one: its next call gets 41202", async () => {
    const userId = await createUser(t.app, { username: "sessionUser", password: "Member-pass-1", name: "会话用户", roles: [RoleCode.MEMBER] });
    const issued = await issueTokens(t.app, userId, { clientId: t.config.webClientId, ip: "10.1.2.3", userAgent: CHROME_LINUX });
    const other = await signIn(t.app, "sessionUser", "Member-pass-1");

    const res = await post("/api/session/list", { current: 1, size: 10, model: { username: "SESSIONUSER" } });
    expect(res.statusCode).toBe(200);
    const page = res.json().result;
    expect(page).toMatchObject({ total: 2, current: 1, size: 10 });
    const row = page.records.find((r: { id: number }) => r.id === issued.sessionId);
    expect(row).toMatchObject({ userId, username: "sessionUser", name: "会话用户", ip: "10.1.2.3", browser: "Chrome 156 / Linux", userAgent: CHROME_LINUX });
    expect(row.signInDate).toMatch(DATE_TIME);
    expect(row.lastCallDate).toMatch(DATE_TIME);

    const ended = await post("/api/session/end", { id: issued.sessionId });
    expect(ended.json()).toMatchObject({ code: 200, status: 1 });
    const next = await t.app.inject({ method: "POST", url: "/uaa/accounts/getUserInfo", headers: { authorization: `bearer ${issued.accessToken}` } });
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe(41202);
    // The user's other session goes on.
    expect((await t.app.inject({ method: "POST", url: "/uaa/accounts/getUserInfo", headers: other.headers })).statusCode).toBe(200);

    const after = (await post("/api/session/list", { current: 1, size: 10, model: { username: "sessionuser" } })).json().result;
    expect(after.records.map((r: { id: number }) => r.id)).toEqual([other.sessionId]);
    expect((await post("/api/session/end", { id: issued.sessionId })).statusCode).toBe(404);
  });

  it("sorts by sign-in or last call, most recent first unless asked otherwise", async () => {
    const userId = await createUser(t.app, { username: "sortUser", password: "Member-pass-1", roles: [RoleCode.MEMBER] });
    const first = await issueTokens(t.app, userId, { clientId: t.config.webClientId, ip: "10.0.0.1", userAgent: null });
    const second = await issueTokens(t.app, userId, { clientId: t.config.webClientId, ip: "10.0.0.2", userAgent: null });
    // The earlier sign-in made the latest call.
    const at = (ms: number) => toDbTime(t.app.dialect, new Date(ms));
    await t.app.db.updateTable("authSessions").set({ createdAt: at(Date.now() - 60_000), lastSeenAt: at(Date.now()) }).where("id", "=", first.sessionId).execute();
    await t.app.db.updateTable("authSessions").set({ createdAt: at(Date.now() - 30_000), lastSeenAt: at(Date.now() - 20_000) }).where("id", "=", second.sessionId).execute();
    const ids = async (orders?: unknown) =>
      (await post("/api/session/list", { current: 1, size: 10, model: { username: "sortUser" }, ...(orders ? { orders } : {}) })).json().result.records.map((r: { id: number }) => r.id);
    expect(await ids()).toEqual([first.sessionId, second.sessionId]);
    expect(await ids([{ column: "signInDate", asc: false }])).toEqual([second.sessionId, first.sessionId]);
    expect(await ids([{ column: "lastCallDate", asc: true }])).toEqual([second.sessionId, first.sessionId]);
  });

  it("leaves out sessions whose tokens have all expired", async () => {
    const userId = await createUser(t.app, { username: "staleUser", password: "Member-pass-1", roles: [RoleCode.MEMBER] });
    const issued = await issueTokens(t.app, userId, { clientId: t.config.webClientId, ip: "10.0.0.9", userAgent: null });
    const past = new Date(Date.now() - 1000);
    const stamp = toDbTime(t.app.dialect, past);
    await t.app.db.updateTable("accessTokens").set({ expiresAt: stamp }).where("sessionId", "=", issued.sessionId).execute();
    await t.app.db.updateTable("refreshTokens").set({ expiresAt: stamp }).where("sessionId", "=", issued.sessionId).execute();
    const page = (await post("/api/session/list", { current: 1, size: 1000, model: { username: "staleUser" } })).json().result;
    expect(page.total).toBe(0);
  });

  it("is refused to staff", async () => {
    await createUser(t.app, { username: "sessionStaff", password: "Member-pass-1", roles: [RoleCode.STAFF] });
    const staff = await signIn(t.app, "sessionStaff", "Member-pass-1");
    expect((await post("/api/session/list", { current: 1, size: 10 }, staff)).statusCode).toBe(403);
    expect((await post("/api/session/end", { id: admin.sessionId }, staff)).statusCode).toBe(403);
  });
});
