import { existsSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { DEFAULT_TIME_ZONE } from "../contract/dateTime";
import { DEFAULT_ASSOCIATION_NAME } from "../contract/site";

/**
 * Every configuration variable of the server is read and checked here and nowhere else
 * (DESIGN.md "Runtime"). A bad value stops the start with a ConfigError whose message is one
 * line naming the variable, so an operator sees at once what to fix.
 */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type DatabaseConfig =
  | { readonly kind: "sqlite"; readonly file: string }
  | {
      readonly kind: "postgres";
      readonly url: string;
      /** Host, port and database only: safe to print, never the password. */
      readonly display: string;
    };

export interface SiteConfig {
  readonly associationName: string;
  readonly associationUrl: string;
  readonly contactPhone: string;
  readonly contactEmail: string;
  readonly contactAddress: string;
  /** Null: the server generates a QR code of the association site. */
  readonly officialAccountQrUrl: string | null;
  readonly customerServiceScript: string | null;
  /** The AI patent-management product the home page presents; null: the association's site. */
  readonly aiProductUrl: string | null;
  readonly aiProductContactPerson: string;
}

export interface Config {
  readonly nodeEnv: string;
  readonly production: boolean;
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly database: DatabaseConfig;
  readonly adminPassword: string | null;
  readonly publicUrl: string;
  readonly oidc: { readonly issuer: string; readonly clientId: string } | null;
  readonly patnaviUrl: string;
  /** The patent-navigation platform's link page (platform link code A4). */
  readonly patnaviHomeUrl: string;
  readonly webClientId: string;
  readonly webClientSecret: string;
  readonly captchaFixedCode: string | null;
  /** How long an access token works, in minutes; a refresh gets a new one. */
  readonly accessTokenTtlMin: number;
  /** How long an unused refresh token works, in days: a session idle longer signs in again. */
  readonly refreshTokenTtlDays: number;
  readonly timeZone: string;
  readonly logLevel: LogLevel;
  readonly uploadDir: string;
  readonly uploadMaxMb: number;
  readonly uploadMaxBytes: number;
  /** An upload whose body sends nothing for this long is answered 400 and its connection closed. */
  readonly uploadIdleMs: number;
  readonly bodyLimitBytes: number;
  readonly staticDir: string;
  readonly site: SiteConfig;
  /** Null: the areas table (the city's districts as seeded) is the list. */
  readonly cityAreas: readonly CityArea[] | null;
  /** Proxies (IPs or CIDRs) whose X-Forwarded-For is believed; empty: the socket address is the client. */
  readonly trustProxy: readonly string[];
  /** Operation-log rows older than this many days are deleted, daily. */
  readonly logRetentionDays: number;
  /** Fictional demo member companies are added at start (server/modules/companies/demo.ts). */
  readonly seedDemoData: boolean;
  /** Server processes sharing the port (node:cluster); one uses one core. */
  readonly workers: number;
  /** Redis holding the rate limits' counters; null: they live in the database. */
  readonly redis: { readonly url: string; readonly keyPrefix: string } | null;
  /** Every rate limit's allowance is multiplied by this (server/plugins/rateLimit.ts). */
  readonly rateLimitScale: number;
  /** Patent search and statistics answers a process keeps until the next import (server/modules/patents/search/cache.ts); 0 keeps none. */
  readonly patentSearchCache: number;
  /** Exports (files built as they download) running at once across every server process (server/plugins/exportSlots.ts). */
  readonly exportsAtOnce: number;
}

export interface CityArea {
  readonly code: string;
  readonly name: string;
}

export type Env = Readonly<Record<string, string | undefined>>;

export const DEFAULT_PATNAVI_URL = "https://patents.google.com/?q={keywords}";
const MAX_UPLOAD_MB = 1024;
const MAX_BODY_LIMIT_KB = 100 * 1024;
const ADMIN_PASSWORD_MIN = 8;
const MAX_ACCESS_TOKEN_TTL_MIN = 24 * 60;
const MAX_REFRESH_TOKEN_TTL_DAYS = 365;
const MAX_LOG_RETENTION_DAYS = 3650;
const MAX_WORKERS = 64;
const MAX_RATE_LIMIT_SCALE = 1000;
/** Kept patent answers are some kilobytes each (a page of rows and the facets). */
const MAX_PATENT_SEARCH_CACHE = 100_000;
const MAX_EXPORTS_AT_ONCE = 100;

/** Loads `.env` from the working directory; variables already in the environment win. */
export function loadDotEnv(cwd: string = process.cwd()): void {
  const file = join(cwd, ".env");
  if (existsSync(file)) process.loadEnvFile(file);
}

function fail(name: string, problem: string): never {
  throw new ConfigError(`${name}: ${problem}`);
}

/** Quotes a value for an error line, keeping the line one line and never echoing a password. */
function shown(value: string): string {
  const oneLine = value.replace(/[\r\n]+/g, " ");
  return JSON.stringify(oneLine.replace(/\/\/([^/@:]*):[^/@]*@/, "//$1:***@"));
}

/** Empty counts as unset: `FOO=` in a shell or a .env file means "use the default". */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number, what: string): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) fail(name, `${shown(raw)} is not ${what} (${min}-${max})`);
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = raw.toLowerCase();
  if (["true", "1", "yes"].includes(value)) return true;
  if (["false", "0", "no"].includes(value)) return false;
  return fail(name, `${shown(raw)} is not true or false`);
}

function httpUrl(name: string, raw: string, httpsOnly = false): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(name, `${shown(raw)} is not a URL`);
  }
  const allowed = httpsOnly ? ["https:"] : ["http:", "https:"];
  if (!allowed.includes(url.protocol)) fail(name, `${shown(raw)} must be an ${httpsOnly ? "https" : "http(s)"} URL`);
  return url;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function readDatabase(env: Env, dataDir: string): DatabaseConfig {
  const raw = read(env, "DATABASE_URL");
  if (raw === undefined) return { kind: "sqlite", file: join(dataDir, "platform.db") };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail("DATABASE_URL", `${shown(raw)} is not a postgres:// or postgresql:// URL`);
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    fail("DATABASE_URL", `${shown(raw)} is not a postgres:// or postgresql:// URL`);
  }
  if (!url.hostname) fail("DATABASE_URL", `${shown(raw)} names no host`);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!database) fail("DATABASE_URL", `${shown(raw)} names no database`);
  return { kind: "postgres", url: raw, display: `postgres://${url.hostname}:${url.port || "5432"}/${database}` };
}

/** Without PUBLIC_URL, users reach the server where it listens; a wildcard address is not reachable as such. */
function defaultPublicUrl(host: string, port: number): string {
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "localhost" : host;
  const hostPart = reachable.includes(":") ? `[${reachable}]` : reachable;
  return `http://${hostPart}:${port}`;
}

function readSite(env: Env): SiteConfig {
  const associationUrl = read(env, "ASSOCIATION_URL") ?? "/";
  if (!associationUrl.startsWith("/")) httpUrl("ASSOCIATION_URL", associationUrl);

  const contactEmail = read(env, "CONTACT_EMAIL") ?? "";
  if (contactEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contactEmail)) {
    fail("CONTACT_EMAIL", `${shown(contactEmail)} is not an email address`);
  }

  const qr = read(env, "OFFICIAL_ACCOUNT_QR_URL") ?? null;
  if (qr !== null && !qr.startsWith("/")) httpUrl("OFFICIAL_ACCOUNT_QR_URL", qr);

  const script = read(env, "CS_WIDGET_SCRIPT") ?? null;
  if (script !== null) httpUrl("CS_WIDGET_SCRIPT", script, true);

  const aiProductUrl = read(env, "AI_PRODUCT_URL") ?? null;
  if (aiProductUrl !== null) httpUrl("AI_PRODUCT_URL", aiProductUrl);

  return {
    associationName: read(env, "ASSOCIATION_NAME") ?? DEFAULT_ASSOCIATION_NAME,
    associationUrl,
    contactPhone: read(env, "CONTACT_PHONE") ?? "",
    contactEmail,
    contactAddress: read(env, "CONTACT_ADDRESS") ?? "",
    officialAccountQrUrl: qr,
    customerServiceScript: script,
    aiProductUrl,
    aiProductContactPerson: read(env, "AI_PRODUCT_CONTACT_PERSON") ?? "",
  };
}

const AREA_CODE = /^[A-Za-z0-9_-]{1,32}$/;
const AREA_NAME_MAX = 50;

/** `code:name,code:name`, e.g. `510104:锦江区,cdgxq:成都高新区`; codes are unique. */
function readCityAreas(env: Env): CityArea[] | null {
  const raw = read(env, "CITY_AREAS");
  if (raw === undefined) return null;
  const areas: CityArea[] = [];
  for (const entry of raw.split(",")) {
    const colon = entry.indexOf(":");
    const code = entry.slice(0, colon).trim();
    const name = entry.slice(colon + 1).trim();
    if (colon < 0 || !AREA_CODE.test(code) || !name || [...name].length > AREA_NAME_MAX) {
      fail("CITY_AREAS", `${shown(entry.trim())} is not code:name (code: letters, digits, _ or -; name: 1-${AREA_NAME_MAX} characters)`);
    }
    if (areas.some((area) => area.code === code)) fail("CITY_AREAS", `code ${shown(code)} appears twice`);
    areas.push({ code, name });
  }
  return areas;
}

/** An IPv4 or IPv6 address, optionally with a /prefix. */
function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `127.0.0.1,10.0.0.0/8`: only a peer in the list may name the client in X-Forwarded-For; anyone
 * else could write any address there, so by default nobody is trusted.
 */
function readTrustProxy(env: Env): string[] {
  const raw = read(env, "TRUST_PROXY");
  if (raw === undefined) return [];
  const entries = raw.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isAddressOrCidr(entry)) fail("TRUST_PROXY", `${shown(entry)} is not an IP address or CIDR range (e.g. 127.0.0.1,10.0.0.0/8)`);
  }
  return entries;
}

const REDIS_KEY_PREFIX = /^[\x21-\x7e]{1,64}$/;

/** REDIS_URL (redis:// or rediss://) and REDIS_KEY_PREFIX, which keeps several platforms apart on one Redis. */
function readRedis(env: Env): Config["redis"] {
  const raw = read(env, "REDIS_URL");
  const keyPrefix = read(env, "REDIS_KEY_PREFIX") ?? "platform:";
  if (!REDIS_KEY_PREFIX.test(keyPrefix)) fail("REDIS_KEY_PREFIX", `${shown(keyPrefix)} is not 1-64 printable characters without spaces`);
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail("REDIS_URL", `${shown(raw)} is not a redis:// or rediss:// URL`);
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") fail("REDIS_URL", `${shown(raw)} is not a redis:// or rediss:// URL`);
  if (!url.hostname) fail("REDIS_URL", `${shown(raw)} names no host`);
  return { url: raw, keyPrefix };
}

function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const inner of Object.values(value)) {
    if (inner && typeof inner === "object") deepFreeze(inner as object);
  }
  return Object.freeze(value);
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const nodeEnv = read(env, "NODE_ENV") ?? "development";
  const production = nodeEnv === "production";

  const port = integer(env, "PORT", 8080, 1, 65535, "a port number");
  const host = read(env, "HOST") ?? "127.0.0.1";
  if (!/^[A-Za-z0-9.:\-[\]]+$/.test(host)) fail("HOST", `${shown(host)} is not a host name or IP address`);

  const dataDir = resolve(cwd, read(env, "DATA_DIR") ?? "./data");
  const database = readDatabase(env, dataDir);

  const adminPassword = env.ADMIN_PASSWORD ? env.ADMIN_PASSWORD : null;
  if (adminPassword !== null && [...adminPassword].length < ADMIN_PASSWORD_MIN) {
    fail("ADMIN_PASSWORD", `must be at least ${ADMIN_PASSWORD_MIN} characters`);
  }

  const publicRaw = read(env, "PUBLIC_URL");
  const publicUrl = publicRaw === undefined ? defaultPublicUrl(host, port) : httpUrl("PUBLIC_URL", publicRaw).href.replace(/\/+$/, "");

  const issuer = read(env, "OIDC_ISSUER");
  const clientId = read(env, "OIDC_CLIENT_ID");
  if (issuer !== undefined && clientId === undefined) fail("OIDC_CLIENT_ID", "must be set together with OIDC_ISSUER");
  if (clientId !== undefined && issuer === undefined) fail("OIDC_ISSUER", "must be set together with OIDC_CLIENT_ID");
  if (issuer !== undefined) httpUrl("OIDC_ISSUER", issuer);
  const oidc = issuer !== undefined && clientId !== undefined ? { issuer, clientId } : null;

  const patnaviUrl = read(env, "PATNAVI_URL") ?? DEFAULT_PATNAVI_URL;
  if (!patnaviUrl.includes("{keywords}")) fail("PATNAVI_URL", `${shown(patnaviUrl)} must contain {keywords}`);
  const patnaviQuery = httpUrl("PATNAVI_URL", patnaviUrl.replaceAll("{keywords}", "keywords"));
  // Without its own address, the platform's link page is the home page of the query's site.
  const patnaviHomeRaw = read(env, "PATNAVI_HOME_URL");
  const patnaviHomeUrl = patnaviHomeRaw === undefined ? `${patnaviQuery.origin}/` : httpUrl("PATNAVI_HOME_URL", patnaviHomeRaw).href;

  const captchaFixedCode = read(env, "CAPTCHA_FIXED_CODE") ?? null;
  if (captchaFixedCode !== null && production) {
    fail("CAPTCHA_FIXED_CODE", "is refused when NODE_ENV=production (it lets anyone pass the captcha)");
  }
  if (oidc === null && production) {
    fail("OIDC_ISSUER", "must be set when NODE_ENV=production (the built-in development provider signs in test accounts whose passwords are published)");
  }

  const timeZone = read(env, "TZ") ?? DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone)) fail("TZ", `${shown(timeZone)} is not an IANA time zone (e.g. Asia/Shanghai)`);

  const logLevel = (read(env, "LOG_LEVEL") ?? "info").toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    fail("LOG_LEVEL", `${shown(logLevel)} is not one of ${LOG_LEVELS.join(", ")}`);
  }

  const uploadMaxMb = integer(env, "UPLOAD_MAX_MB", 20, 1, MAX_UPLOAD_MB, "a size in MB");
  const bodyLimitKb = integer(env, "BODY_LIMIT_KB", 1024, 1, MAX_BODY_LIMIT_KB, "a size in KB");

  return deepFreeze({
    nodeEnv,
    production,
    port,
    host,
    dataDir,
    database,
    adminPassword,
    publicUrl,
    oidc,
    patnaviUrl,
    patnaviHomeUrl,
    webClientId: read(env, "WEB_CLIENT_ID") ?? "web",
    webClientSecret: read(env, "WEB_CLIENT_SECRET") ?? "web-secret",
    captchaFixedCode,
    accessTokenTtlMin: integer(env, "ACCESS_TOKEN_TTL_MIN", 120, 1, MAX_ACCESS_TOKEN_TTL_MIN, "a number of minutes"),
    refreshTokenTtlDays: integer(env, "REFRESH_TOKEN_TTL_DAYS", 7, 1, MAX_REFRESH_TOKEN_TTL_DAYS, "a number of days"),
    timeZone,
    logLevel: logLevel as LogLevel,
    uploadDir: resolve(cwd, read(env, "UPLOAD_DIR") ?? join(dataDir, "uploads")),
    uploadMaxMb,
    uploadMaxBytes: uploadMaxMb * 1024 * 1024,
    uploadIdleMs: integer(env, "UPLOAD_IDLE_SECONDS", 15, 1, 600, "a number of seconds") * 1000,
    bodyLimitBytes: bodyLimitKb * 1024,
    staticDir: resolve(cwd, read(env, "STATIC_DIR") ?? "./dist"),
    site: readSite(env),
    cityAreas: readCityAreas(env),
    trustProxy: readTrustProxy(env),
    logRetentionDays: integer(env, "LOG_RETENTION_DAYS", 180, 1, MAX_LOG_RETENTION_DAYS, "a number of days"),
    // A production platform starts with the real member list only.
    seedDemoData: flag(env, "SEED_DEMO_DATA", !production),
    workers: integer(env, "WORKERS", 1, 1, MAX_WORKERS, "a number of processes"),
    redis: readRedis(env),
    rateLimitScale: integer(env, "RATE_LIMIT_SCALE", 1, 1, MAX_RATE_LIMIT_SCALE, "a factor"),
    patentSearchCache: integer(env, "PATENT_SEARCH_CACHE", 1000, 0, MAX_PATENT_SEARCH_CACHE, "a number of answers"),
    exportsAtOnce: integer(env, "EXPORTS_AT_ONCE", 4, 1, MAX_EXPORTS_AT_ONCE, "a number of exports"),
  });
}
