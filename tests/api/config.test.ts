import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseEnv } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_PATNAVI_URL, loadConfig, loadDotEnv, type Env } from "../../server/config";
import { freePort, ROOT, spawnServer, stopServer } from "../support/serverProcess";

const cwd = "/srv/platform";

function errorOf(env: Env): string {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).not.toContain("\n");
    return message;
  }
  throw new Error("loadConfig accepted the configuration");
}

describe("loadConfig", () => {
  it("gives every variable its documented default", () => {
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: resolve(cwd, "data"),
      database: { kind: "sqlite", file: resolve(cwd, "data/platform.db") },
      adminPassword: null,
      publicUrl: "http://127.0.0.1:8080",
      oidc: null,
      patnaviUrl: DEFAULT_PATNAVI_URL,
      webClientId: "web",
      webClientSecret: "web-secret",
      captchaFixedCode: null,
      accessTokenTtlMin: 120,
      refreshTokenTtlDays: 7,
      timeZone: "Asia/Shanghai",
      logLevel: "info",
      uploadDir: resolve(cwd, "data/uploads"),
      uploadMaxMb: 20,
      uploadMaxBytes: 20 * 1024 * 1024,
      bodyLimitBytes: 1024 * 1024,
      staticDir: resolve(cwd, "dist"),
      trustProxy: [],
      logRetentionDays: 180,
      site: {
        associationName: "市半导体行业协会",
        associationUrl: "/",
        contactPhone: "",
        contactEmail: "",
        contactAddress: "",
        officialAccountQrUrl: null,
        customerServiceScript: null,
        aiProductUrl: null,
        aiProductContactPerson: "",
      },
    });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.site)).toBe(true);
  });

  it("reads explicit values", () => {
    const config = loadConfig(
      {
        PORT: "9000",
        HOST: "0.0.0.0",
        DATA_DIR: "/var/lib/platform",
        DATABASE_URL: "postgresql://app:secret@db.internal/platform",
        PUBLIC_URL: "https://ip.example.org/",
        OIDC_ISSUER: "https://sso.example.org/realms/ip",
        OIDC_CLIENT_ID: "platform",
        UPLOAD_MAX_MB: "50",
        BODY_LIMIT_KB: "256",
        CS_WIDGET_SCRIPT: "https://cs.example.com/widget.js",
        LOG_LEVEL: "warn",
      },
      cwd,
    );
    expect(config.port).toBe(9000);
    expect(config.database).toEqual({
      kind: "postgres",
      url: "postgresql://app:secret@db.internal/platform",
      display: "postgres://db.internal:5432/platform",
    });
    expect(config.publicUrl).toBe("https://ip.example.org");
    expect(config.uploadDir).toBe("/var/lib/platform/uploads");
    expect(config.oidc).toEqual({ issuer: "https://sso.example.org/realms/ip", clientId: "platform" });
    expect(config.uploadMaxBytes).toBe(50 * 1024 * 1024);
    expect(config.bodyLimitBytes).toBe(256 * 1024);
    expect(config.site.customerServiceScript).toBe("https://cs.example.com/widget.js");
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }, cwd).database.kind).toBe("sqlite");
  });

  it.each([
    [{ PORT: "abc" }, 'PORT: "abc" is not a port number (1-65535)'],
    [{ PORT: "70000" }, 'PORT: "70000" is not a port number (1-65535)'],
    [{ DATABASE_URL: "nonsense" }, 'DATABASE_URL: "nonsense" is not a postgres:// or postgresql:// URL'],
    [{ DATABASE_URL: "mysql://u:p@h/db" }, 'DATABASE_URL: "mysql://u:***@h/db" is not a postgres:// or postgresql:// URL'],
    [{ NODE_ENV: "production", CAPTCHA_FIXED_CODE: "1234" }, "CAPTCHA_FIXED_CODE: is refused when NODE_ENV=production"],
    [{ NODE_ENV: "production" }, "OIDC_ISSUER: must be set when NODE_ENV=production"],
    [{ TZ: "Mars/Olympus_Mons" }, 'TZ: "Mars/Olympus_Mons" is not an IANA time zone'],
    [{ ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD: must be at least 8 characters"],
    [{ PUBLIC_URL: "ftp://example.org" }, "PUBLIC_URL:"],
    [{ OIDC_ISSUER: "https://sso.example.org" }, "OIDC_CLIENT_ID: must be set together with OIDC_ISSUER"],
    [{ OIDC_CLIENT_ID: "platform" }, "OIDC_ISSUER: must be set together with OIDC_CLIENT_ID"],
    [{ PATNAVI_URL: "https://patents.example.org/?q=" }, "PATNAVI_URL:"],
    [{ LOG_LEVEL: "loud" }, 'LOG_LEVEL: "loud" is not one of'],
    [{ UPLOAD_MAX_MB: "0" }, 'UPLOAD_MAX_MB: "0" is not a size in MB'],
    [{ BODY_LIMIT_KB: "-1" }, 'BODY_LIMIT_KB: "-1" is not a size in KB'],
    [{ ACCESS_TOKEN_TTL_MIN: "0" }, 'ACCESS_TOKEN_TTL_MIN: "0" is not a number of minutes (1-1440)'],
    [{ REFRESH_TOKEN_TTL_DAYS: "7d" }, 'REFRESH_TOKEN_TTL_DAYS: "7d" is not a number of days (1-365)'],
    [{ CS_WIDGET_SCRIPT: "http://cs.example.com/w.js" }, "CS_WIDGET_SCRIPT:"],
    [{ AI_PRODUCT_URL: "ai-patent.example.com" }, "AI_PRODUCT_URL:"],
    [{ CONTACT_EMAIL: "not-an-email" }, "CONTACT_EMAIL:"],
    [{ OFFICIAL_ACCOUNT_QR_URL: "javascript:alert(1)" }, "OFFICIAL_ACCOUNT_QR_URL:"],
    [{ TRUST_PROXY: "127.0.0.1,proxy.local" }, 'TRUST_PROXY: "proxy.local" is not an IP address or CIDR range'],
    [{ TRUST_PROXY: "10.0.0.0/33" }, 'TRUST_PROXY: "10.0.0.0/33" is not an IP address or CIDR range'],
    [{ TRUST_PROXY: "127.0.0.1,," }, 'TRUST_PROXY: "" is not an IP address or CIDR range'],
    [{ LOG_RETENTION_DAYS: "0" }, 'LOG_RETENTION_DAYS: "0" is not a number of days (1-3650)'],
    [{ LOG_RETENTION_DAYS: "3651" }, 'LOG_RETENTION_DAYS: "3651" is not a number of days (1-3650)'],
    [{ WORKERS: "0" }, 'WORKERS: "0" is not a number of processes (1-64)'],
    [{ WORKERS: "two" }, 'WORKERS: "two" is not a number of processes (1-64)'],
  ])("refuses %j with one line naming the variable", (env, expected) => {
    expect(errorOf(env)).toContain(expected);
  });

  it("never repeats a database password in its message", () => {
    expect(errorOf({ DATABASE_URL: "redis://user:topsecret@host/0" })).not.toContain("topsecret");
  });

  it("reads the trusted proxies and the log retention", () => {
    const config = loadConfig({ TRUST_PROXY: " 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8", LOG_RETENTION_DAYS: "30" }, cwd);
    expect(config).toMatchObject({ trustProxy: ["127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8"], logRetentionDays: 30 });
  });

  it("reads the token lifetimes", () => {
    const config = loadConfig({ ACCESS_TOKEN_TTL_MIN: "30", REFRESH_TOKEN_TTL_DAYS: "14" }, cwd);
    expect(config).toMatchObject({ accessTokenTtlMin: 30, refreshTokenTtlDays: 14 });
  });

  it("accepts production with an external SSO provider", () => {
    const config = loadConfig({ NODE_ENV: "production", OIDC_ISSUER: "https://sso.example.org", OIDC_CLIENT_ID: "platform" }, cwd);
    expect(config.production).toBe(true);
  });

  it("accepts CAPTCHA_FIXED_CODE outside production", () => {
    expect(loadConfig({ NODE_ENV: "test", CAPTCHA_FIXED_CODE: "2468" }, cwd).captchaFixedCode).toBe("2468");
  });
});

describe("the .env file", () => {
  it("fills in variables the environment does not set, never overriding one it does", () => {
    const dir = mkdtempSync(join(tmpdir(), "api-dotenv-"));
    writeFileSync(join(dir, ".env"), "API_TEST_DOTENV_A=from-file\nAPI_TEST_DOTENV_B=from-file\n");
    process.env.API_TEST_DOTENV_A = "from-environment";
    try {
      loadDotEnv(dir);
      expect(process.env.API_TEST_DOTENV_A).toBe("from-environment");
      expect(process.env.API_TEST_DOTENV_B).toBe("from-file");
    } finally {
      delete process.env.API_TEST_DOTENV_A;
      delete process.env.API_TEST_DOTENV_B;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is optional", () => {
    expect(() => loadDotEnv(tmpdir())).not.toThrow();
  });

  it("has a valid example: .env.example as it ships gives the defaults", () => {
    const example = parseEnv(readFileSync(join(ROOT, ".env.example"), "utf8"));
    expect(loadConfig(example, cwd)).toEqual(loadConfig({}, cwd));
  });
});

describe("a start with a bad configuration", () => {
  const workDir = mkdtempSync(join(tmpdir(), "api-config-"));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  async function start(env: Record<string, string>) {
    const server = spawnServer({ DATA_DIR: join(workDir, "data"), LOG_LEVEL: "info", ...env }, workDir);
    const code = await server.exited;
    return { code, stderr: server.stderr() };
  }

  it("stops with exit code 1 and one stderr line for PORT=abc", async () => {
    const { code, stderr } = await start({ PORT: "abc" });
    expect(code).toBe(1);
    expect(stderr).toBe('PORT: "abc" is not a port number (1-65535)\n');
  });

  it("waits for an unreachable PostgreSQL, saying so without the password, and ends the wait on SIGTERM with exit code 0", async () => {
    const server = spawnServer({ DATA_DIR: join(workDir, "data"), LOG_LEVEL: "info", DATABASE_URL: `postgres://postgres:hunter22@127.0.0.1:${await freePort()}/x` }, workDir);
    await expect.poll(() => server.stdout(), { timeout: 20_000 }).toContain("database unreachable; trying again");
    expect(server.stdout()).toContain("postgres://127.0.0.1:");
    expect(server.child.exitCode).toBeNull();
    expect(await stopServer(server)).toBe(0);
    expect(server.stdout() + server.stderr()).not.toContain("hunter22");
  });
});
