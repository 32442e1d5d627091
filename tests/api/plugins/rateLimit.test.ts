import { randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../../server/app";
import { ConfigError, loadConfig } from "../../../server/config";
import { createLogger } from "../../../server/logger";
import { flushLogs } from "../../../server/modules/logs/writer";
import { clientKey, RATE_LIMITS } from "../../../server/plugins/rateLimit";
import type { App } from "../../../server/types";
import { freePort } from "../../support/serverProcess";
import { testDatabases } from "../helpers/databases";
import { startTestApp, type TestApp } from "../helpers/testApp";

const TOO_MANY = "请求过于频繁，请稍后再试";
/** The Redis of the test machines; its keys are kept apart per test by REDIS_KEY_PREFIX. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

const form = { "content-type": "application/x-www-form-urlencoded" };
const token = (app: App, remoteAddress = "127.0.0.1") => app.inject({ method: "POST", url: "/uaa/oauth/token", payload: "", headers: form, remoteAddress });
const captcha = (app: App, remoteAddress = "127.0.0.1") => app.inject({ method: "GET", url: "/uaa/identity/captcha", remoteAddress });

/** Calls until one is refused; answers the refusal and how many went through before it. */
async function untilRefused(call: () => Promise<LightMyRequestResponse>, atMost: number): Promise<{ passed: number; refused: LightMyRequestResponse }> {
  for (let passed = 0; passed <= atMost; passed++) {
    const res = await call();
    if (res.statusCode === 429) return { passed, refused: res };
  }
  throw new Error(`not refused after ${atMost + 1} calls`);
}

function expectRefusal(res: LightMyRequestResponse, windowMs: number): void {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  expect(res.json()).toMatchObject({ code: 429, message: TOO_MANY });
}

describe.each(testDatabases())("rate limits on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { RATE_LIMIT_SCALE: "1" } });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it("refuses the token endpoint's 31st call a minute from one address with 429, Retry-After and the OAuth shape", async () => {
    const { passed, refused } = await untilRefused(() => token(t.app, "10.1.0.1"), RATE_LIMITS.token.max);
    expect(passed).toBe(RATE_LIMITS.token.max);
    expectRefusal(refused, RATE_LIMITS.token.windowMs);
    expect(refused.json()).toEqual({ error: "temporarily_unavailable", error_description: "too many requests", code: 429, message: TOO_MANY });
    // The GET form of SPEC 7 shares the allowance; another address has its own.
    expect((await t.app.inject({ method: "GET", url: "/oauth/token", remoteAddress: "10.1.0.1" })).statusCode).toBe(429);
    expect((await token(t.app, "10.1.0.2")).statusCode).toBe(401);
  });

  it("limits captchas, SMS codes, infoExists, registration and the not-found handler, each apart", async () => {
    const ip = "10.2.0.1";
    const cases: [keyof typeof RATE_LIMITS, () => Promise<LightMyRequestResponse>][] = [
      ["captcha", () => captcha(t.app, ip)],
      ["sms", () => t.app.inject({ method: "GET", url: "/uaa/identity/smsCode", query: { mobile: "1", scene: "x" }, remoteAddress: ip })],
      ["infoExists", () => t.app.inject({ method: "POST", url: "/api/user/infoExists", payload: {}, remoteAddress: ip })],
      ["account", () => t.app.inject({ method: "POST", url: "/api/user/register", payload: {}, remoteAddress: ip })],
      ["notFound", () => t.app.inject({ method: "GET", url: "/api/no-such-thing", remoteAddress: ip })],
    ];
    for (const [name, call] of cases) {
      const { passed, refused } = await untilRefused(call, RATE_LIMITS[name].max);
      expect(passed, name).toBe(RATE_LIMITS[name].max);
      expectRefusal(refused, RATE_LIMITS[name].windowMs);
      expect(refused.json()).toEqual({ code: 429, message: TOO_MANY });
    }
    // The other path of a call counts against the same allowance.
    const sms = await t.app.inject({ method: "POST", url: "/api/notify/smscode", payload: { mobile: "13800000000", scene: "register" }, remoteAddress: ip });
    expect(sms.statusCode).toBe(429);
    const reset = await t.app.inject({ method: "POST", url: "/patnavi/ucenter/user/passwd-reset", payload: {}, remoteAddress: ip });
    expect(reset.statusCode).toBe(429);
    // The app's pages, which browsers navigate to, are not the not-found limit's business.
    const page = await t.app.inject({ method: "GET", url: "/serviceFiles", headers: { accept: "text/html" }, remoteAddress: ip });
    expect(page.statusCode).not.toBe(429);
  });

  it("writes no operation-log row for a call it refuses", async () => {
    const ip = "10.3.0.1";
    const register = () => t.app.inject({ method: "POST", url: "/api/user/register", payload: {}, remoteAddress: ip });
    const { passed } = await untilRefused(register, RATE_LIMITS.account.max);
    for (let i = 0; i < 5; i++) expect((await register()).statusCode).toBe(429);
    await flushLogs(t.app);
    const rows = await t.database.db.selectFrom("operationLogs").select("id").where("remoteAddr", "=", ip).execute();
    expect(rows).toHaveLength(passed);
  });

  it("counts an IPv6 client by its /64", async () => {
    expect(clientKey({ ip: "2001:db8:1:2:3::9" })).toBe("2001:db8:1:2::/64");
    expect(clientKey({ ip: "2001:DB8:0001:0002::" })).toBe("2001:db8:1:2::/64");
    expect(clientKey({ ip: "::ffff:10.0.0.7" })).toBe("10.0.0.7");
    expect(clientKey({ ip: "::1" })).toBe("0:0:0:0::/64");
    for (let i = 0; i < RATE_LIMITS.captcha.max; i++) expect((await captcha(t.app, `2001:db8:7:7::${i.toString(16)}`)).statusCode).toBe(200);
    expect((await captcha(t.app, "2001:db8:7:7:ffff::1")).statusCode).toBe(429);
    expect((await captcha(t.app, "2001:db8:7:8::1")).statusCode).toBe(200);
  });

  it("shares its counters with another server process on the same database", async () => {
    const second = await buildApp({ config: t.config, database: t.database, logger: createLogger(t.config) });
    try {
      await second.ready();
      const ip = "10.3.0.1";
      for (let i = 0; i < RATE_LIMITS.token.max; i++) expect((await token(i % 2 ? second : t.app, ip)).statusCode).toBe(401);
      expect((await token(second, ip)).statusCode).toBe(429);
      expect((await token(t.app, ip)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it("counts calls arriving at once exactly: of 45, 30 pass", async () => {
    const second = await buildApp({ config: t.config, database: t.database, logger: createLogger(t.config) });
    try {
      await second.ready();
      const answers = await Promise.all(Array.from({ length: 45 }, (_, i) => token(i % 2 ? second : t.app, "10.3.0.2")));
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(RATE_LIMITS.token.max);
      expect(statuses.filter((status) => status === 429)).toHaveLength(45 - RATE_LIMITS.token.max);
    } finally {
      await second.close();
    }
  });

  it("starts a window again once it has ended, and deletes the counters of ended windows", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
    const ip = "10.4.0.1";
    await untilRefused(() => captcha(t.app, ip), RATE_LIMITS.captcha.max);
    const counters = () => t.database.db.selectFrom("rateLimitCounters").select("key").execute();
    expect((await counters()).map((c) => c.key)).toContain(`captcha:${ip}`);
    vi.setSystemTime(Date.now() + RATE_LIMITS.sms.windowMs + 1000);
    expect((await captcha(t.app, ip)).statusCode).toBe(200);
    // Every window that had ended is gone; only the one just started is kept.
    expect(await counters()).toEqual([{ key: `captcha:${ip}` }]);
  });
});

describe.each(testDatabases())("rate limits counted in Redis, with %s beside it", (kind) => {
  let redis: Redis;
  const started: TestApp[] = [];
  const prefix = () => `test-${randomBytes(6).toString("hex")}:`;
  const start = async (env: Record<string, string>) => {
    const t = await startTestApp(kind, { env: { RATE_LIMIT_SCALE: "1", ...env } });
    started.push(t);
    return t;
  };
  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((t) => t.close()));
  });
  afterAll(async () => {
    await redis.quit();
  });

  it("keeps the counters in Redis, under REDIS_KEY_PREFIX, shared by two servers on different databases", async () => {
    const keyPrefix = prefix();
    const env = { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix };
    const [a, b] = [await start(env), await start(env)];
    for (let i = 0; i < RATE_LIMITS.token.max; i++) expect((await token(i % 2 ? b.app : a.app, "10.5.0.1")).statusCode).toBe(401);
    expectRefusal(await token(a.app, "10.5.0.1"), RATE_LIMITS.token.windowMs);
    expect((await token(b.app, "10.5.0.1")).statusCode).toBe(429);
    expect(await redis.get(`${keyPrefix}rate-limit:token:10.5.0.1`)).toBe(String(RATE_LIMITS.token.max + 2));
    expect(Number(await redis.pttl(`${keyPrefix}rate-limit:token:10.5.0.1`))).toBeGreaterThan(0);
    expect(await a.database.db.selectFrom("rateLimitCounters").selectAll().execute()).toEqual([]);
    await redis.del(`${keyPrefix}rate-limit:token:10.5.0.1`);
  });

  it("counts in the database while Redis cannot be reached, answering as usual", async () => {
    const t = await start({ REDIS_URL: `redis://127.0.0.1:${await freePort()}`, REDIS_KEY_PREFIX: prefix() });
    const { passed, refused } = await untilRefused(() => captcha(t.app, "10.6.0.1"), RATE_LIMITS.captcha.max);
    expect(passed).toBe(RATE_LIMITS.captcha.max);
    expectRefusal(refused, RATE_LIMITS.captcha.windowMs);
    expect(await t.database.db.selectFrom("rateLimitCounters").select("hits").where("key", "=", "captcha:10.6.0.1").executeTakeFirst()).toEqual({
      hits: RATE_LIMITS.captcha.max + 1,
    });
  });
});

describe("the rate limits' configuration", () => {
  it("reads REDIS_URL, REDIS_KEY_PREFIX and RATE_LIMIT_SCALE, and refuses bad values with one line naming the variable", () => {
    expect(loadConfig({}, "/srv")).toMatchObject({ redis: null, rateLimitScale: 1 });
    expect(loadConfig({ REDIS_URL: "rediss://:pw@cache.example:6380/2", RATE_LIMIT_SCALE: "3" }, "/srv")).toMatchObject({
      redis: { url: "rediss://:pw@cache.example:6380/2", keyPrefix: "platform:" },
      rateLimitScale: 3,
    });
    expect(() => loadConfig({ REDIS_URL: "http://:secret@cache.example" }, "/srv")).toThrow(new ConfigError('REDIS_URL: "http://:***@cache.example" is not a redis:// or rediss:// URL'));
    expect(() => loadConfig({ REDIS_URL: "redis://" }, "/srv")).toThrow(/^REDIS_URL: /);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: "has space" }, "/srv")).toThrow(/^REDIS_KEY_PREFIX: /);
    expect(() => loadConfig({ RATE_LIMIT_SCALE: "0" }, "/srv")).toThrow('RATE_LIMIT_SCALE: "0" is not a factor (1-1000)');
  });
});
