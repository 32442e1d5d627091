import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CAPTCHA_TTL_MS } from "../../../../contract/account";
import { testDatabases } from "../../helpers/databases";
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../../helpers/testApp";
import { CAPTCHA_ENV, CLIENT, FIXED_CODE, freezeClock, newCaptcha, tokenRequest, travel } from "./support";

const CAPTCHA_INVALID = { error: "invalid_grant", error_description: "captcha invalid or expired", code: 400, message: "验证码错误或已失效" };

describe.each(testDatabases())("captcha on %s", (kind) => {
  let random: TestApp;
  let fixed: TestApp;
  beforeAll(async () => {
    [random, fixed] = await Promise.all([startTestApp(kind), startTestApp(kind, { env: CAPTCHA_ENV })]);
  });
  afterAll(() => Promise.all([random.close(), fixed.close()]));
  afterEach(() => {
    vi.useRealTimers();
  });

  const signInWith = (vid: string, vcode: string) =>
    tokenRequest(fixed.app, { grant_type: "password", ...CLIENT, username: "admin", password: TEST_ADMIN_PASSWORD, vid, vcode });

  it("answers a distorted-text SVG with its id, and keeps only a hash of the answer", async () => {
    const res = await random.app.inject({ method: "GET", url: "/uaa/identity/captcha" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { code, message, result } = res.json();
    expect({ code, message }).toEqual({ code: 200, message: "success" });
    expect(result.vid).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(result.image.split(",")[1], "base64").toString("utf8");
    expect(svg).toMatch(/^<svg [^>]*width="120" height="40"/);
    // Four characters and the noise lines, each a path.
    expect(svg.match(/<path /g)?.length).toBeGreaterThanOrEqual(4 + 3);

    const row = await random.database.db.selectFrom("captchas").selectAll().where("id", "=", result.vid).executeTakeFirstOrThrow();
    expect(row.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.usedAt).toBeNull();
  });

  it("refuses a guess at a random captcha", async () => {
    const vid = await newCaptcha(random.app);
    const res = await tokenRequest(random.app, { grant_type: "password", ...CLIENT, username: "admin", password: TEST_ADMIN_PASSWORD, vid, vcode: "zzzz" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(CAPTCHA_INVALID);
  });

  it("compares the code case-insensitively, ignoring surrounding spaces", async () => {
    expect((await signInWith(await newCaptcha(fixed.app), FIXED_CODE.toLowerCase())).statusCode).toBe(200);
    expect((await signInWith(await newCaptcha(fixed.app), ` ${FIXED_CODE.toUpperCase()} `)).statusCode).toBe(200);
  });

  it("is used up by a wrong code: the right one no longer works", async () => {
    const vid = await newCaptcha(fixed.app);
    expect((await signInWith(vid, "wrong")).json()).toEqual(CAPTCHA_INVALID);
    expect((await signInWith(vid, FIXED_CODE)).json()).toEqual(CAPTCHA_INVALID);
  });

  it("works once", async () => {
    const vid = await newCaptcha(fixed.app);
    expect((await signInWith(vid, FIXED_CODE)).statusCode).toBe(200);
    const again = await signInWith(vid, FIXED_CODE);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(CAPTCHA_INVALID);
  });

  it("expires after five minutes", async () => {
    freezeClock();
    const vid = await newCaptcha(fixed.app);
    const late = await newCaptcha(fixed.app);
    travel(CAPTCHA_TTL_MS - 1000);
    expect((await signInWith(vid, FIXED_CODE)).statusCode).toBe(200);
    travel(1000);
    expect((await signInWith(late, FIXED_CODE)).json()).toEqual(CAPTCHA_INVALID);
  });

  it("refuses an unknown vid", async () => {
    expect((await signInWith("00000000-0000-0000-0000-000000000000", FIXED_CODE)).json()).toEqual(CAPTCHA_INVALID);
  });

  it("checks the captcha before the password, so a wrong captcha does not count as a failed sign-in", async () => {
    await signInWith(await newCaptcha(fixed.app), "wrong");
    const admin = await fixed.database.db.selectFrom("users").select("failedLoginCount").where("username", "=", "admin").executeTakeFirstOrThrow();
    expect(admin.failedLoginCount).toBe(0);
  });
});
