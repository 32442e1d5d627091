import fastifyRateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { ErrorCode } from "../../contract/envelope";
import type { Config } from "../config";
import { toDbTime, fromDbTime } from "../db/time";
import { AppError, Messages } from "../errors";
import type { App } from "../types";

/**
 * What one client address may ask for per window, before RATE_LIMIT_SCALE. Generous for people,
 * tight for scripts: guessing passwords or captchas, sending text messages (they cost money and
 * annoy their owners), probing which usernames and numbers exist, creating accounts, and scanning
 * for paths that do not exist.
 */
export const RATE_LIMITS = {
  /** POST /uaa/oauth/token and GET /oauth/token: sign-ins and token refreshes. */
  token: { max: 30, windowMs: 60_000 },
  /** GET /uaa/identity/captcha. */
  captcha: { max: 30, windowMs: 60_000 },
  /** POST /api/notify/smscode and GET /uaa/identity/smsCode. */
  sms: { max: 10, windowMs: 10 * 60_000 },
  /** Whether a username or mobile number is taken. */
  infoExists: { max: 60, windowMs: 60_000 },
  /** Registration and the password reset by SMS code. */
  account: { max: 10, windowMs: 10 * 60_000 },
  /** Any address no route answers (except the app's own pages, which a browser navigates to). */
  notFound: { max: 60, windowMs: 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** How often a process deletes the counters of windows that have ended. */
const SWEEP_INTERVAL_MS = 60_000;
/** A Redis that does not answer within this is skipped for the database. */
const REDIS_TIMEOUT_MS = 1_000;

/** The store reads which limit a route's options belong to from this field (the plugin passes options through). */
interface NamedLimit extends RateLimitOptions {
  limit: RateLimitName;
}

/** A route's `config.rateLimit`, e.g. `config: { access: "public", rateLimit: rateLimitOf(app.config, "token") }`. */
export function rateLimitOf(config: Pick<Config, "rateLimitScale">, name: RateLimitName): RateLimitOptions {
  const { max, windowMs } = RATE_LIMITS[name];
  const options: NamedLimit = { max: max * config.rateLimitScale, timeWindow: windowMs, limit: name };
  return options;
}

/**
 * Whom a limit counts: the client's address (request.ip, which honours TRUST_PROXY). An IPv6
 * client counts by its /64, the block one subscriber gets, so that walking through the addresses
 * of one's own block buys nothing.
 */
export function clientKey(request: Pick<FastifyRequest, "ip">): string {
  const ip = request.ip;
  if (!ip.includes(":")) return ip;
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1];
  const [head, tail] = ip.split("%")[0].split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

interface Count {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

type CounterDeps = Pick<App, "db" | "dialect" | "log" | "config">;

/**
 * The counters every server process shares: in Redis when REDIS_URL is set, else in the table
 * rate_limit_counters. A Redis that is down or slow does not stop the limits or the service: the
 * count falls back to the database until Redis answers again (it is reconnected in the background),
 * which is logged once each way.
 */
class SharedCounters {
  private lastSweep = 0;
  private redisFailing = false;

  constructor(
    private readonly app: CounterDeps,
    private readonly redis: Redis | null,
  ) {}

  async hit(key: string, windowMs: number): Promise<Count> {
    if (this.redis) {
      try {
        const count = await this.redisHit(this.redis, key, windowMs);
        if (this.redisFailing) this.app.log.info("rate limits counted in Redis again");
        this.redisFailing = false;
        return count;
      } catch (error) {
        if (!this.redisFailing) this.app.log.warn({ err: error }, "Redis unavailable: rate limits counted in the database");
        this.redisFailing = true;
      }
    }
    return this.databaseHit(key, windowMs);
  }

  /** One round trip, atomic: the key starts at 0 with the window's expiry unless it exists, then counts. */
  private async redisHit(redis: Redis, key: string, windowMs: number): Promise<Count> {
    const name = `${this.app.config.redis?.keyPrefix ?? ""}rate-limit:${key}`;
    const replies = await redis.multi().set(name, "0", "PX", windowMs, "NX").incr(name).pttl(name).exec();
    const failed = replies?.find(([error]) => error !== null)?.[0];
    if (!replies || failed) throw failed ?? new Error("Redis transaction discarded");
    const ttl = Number(replies[2][1]);
    return { current: Number(replies[1][1]), ttl: ttl >= 0 ? ttl : windowMs };
  }

  /**
   * One statement, atomic on SQLite and PostgreSQL alike: a new key starts at 1, an ended window
   * starts again at 1, a running one adds 1. Ended windows are deleted once a minute per process,
   * which bounds the table by the addresses seen in the last window or so.
   */
  private async databaseHit(key: string, windowMs: number): Promise<Count> {
    const { db, dialect } = this.app;
    const now = new Date();
    const nowDb = toDbTime(dialect, now);
    if (now.getTime() - this.lastSweep >= SWEEP_INTERVAL_MS) {
      this.lastSweep = now.getTime();
      await db.deleteFrom("rateLimitCounters").where("resetAt", "<=", nowDb).execute();
    }
    const row = await db
      .insertInto("rateLimitCounters")
      .values({ key, hits: 1, resetAt: toDbTime(dialect, new Date(now.getTime() + windowMs)) })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => {
          const ended = eb("rateLimitCounters.resetAt", "<=", nowDb);
          return {
            hits: eb.case().when(ended).then(1).else(eb("rateLimitCounters.hits", "+", 1)).end(),
            resetAt: eb.case().when(ended).then(eb.ref("excluded.resetAt")).else(eb.ref("rateLimitCounters.resetAt")).end(),
          };
        }),
      )
      .returning(["hits", "resetAt"])
      .executeTakeFirstOrThrow();
    return { current: Number(row.hits), ttl: Math.max(0, fromDbTime(row.resetAt).getTime() - now.getTime()) };
  }
}

/** @fastify/rate-limit's store interface over the shared counters; each limit counts apart. */
function storeOf(counters: SharedCounters, limit: string): FastifyRateLimitStore {
  type Callback = Parameters<FastifyRateLimitStore["incr"]>[1];
  const incr = (key: string, callback: Callback, timeWindow: number) => {
    counters.hit(`${limit}:${key}`, timeWindow).then(
      (count) => callback(null, count),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };
  return {
    // The plugin passes the window's length as a third argument, which its typings leave out.
    incr: incr as FastifyRateLimitStore["incr"],
    child: (routeOptions) => storeOf(counters, (routeOptions as unknown as Partial<NamedLimit>).limit ?? `${String(routeOptions.method)}:${routeOptions.url}`),
  };
}

function connectRedis(app: App, url: string): Redis {
  const redis = new Redis(url, {
    // Fail at once while disconnected instead of queueing: the count falls back to the database.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_TIMEOUT_MS,
    connectTimeout: 2 * REDIS_TIMEOUT_MS,
  });
  let reported = false;
  // Without a listener ioredis prints every failed reconnection; one warning per outage is enough.
  redis.on("error", (error: Error) => {
    if (!reported) app.log.warn({ err: error }, "Redis connection failed; retrying in the background");
    reported = true;
  });
  redis.on("ready", () => {
    reported = false;
  });
  app.addHook("onClose", async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/**
 * Per-address limits (RATE_LIMITS) for the routes that state `config.rateLimit` and for the
 * not-found handler (app.rateLimit in plugins/errors.ts). An address over its limit is answered
 * 429 with Retry-After and the envelope's Chinese message. Register before the routes.
 */
export async function registerRateLimit(app: App): Promise<void> {
  const redis = app.config.redis ? connectRedis(app, app.config.redis.url) : null;
  const counters = new SharedCounters(app, redis);
  const root = storeOf(counters, "default");
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: clientKey,
    store: class {
      incr = root.incr;
      child = root.child;
    },
    errorResponseBuilder: () => new AppError(ErrorCode.TOO_MANY_REQUESTS, Messages.tooManyRequests),
  });
}
