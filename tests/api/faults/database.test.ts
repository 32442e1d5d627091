import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, testDatabases, type PostgresDatabase } from "../helpers/databases";
import { signInAsAdmin, type SignedIn } from "../helpers/signIn";
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../helpers/testApp";
import { call, createCompany, PAGE, RELEASE, validRecord } from "../modules/serviceRecords/support";
import { freePort, spawnServer, stopServer, waitUntilHealthy, type ServerProcess } from "../../support/serverProcess";
import { startTcpProxy, type TcpProxy } from "./tcpProxy";

const UNAVAILABLE = { code: 503, message: "服务暂不可用，请稍后再试" };
/** "Answers quickly" as a bound that only a hang breaks: a call waiting out a timeout takes longer. */
const QUICKLY_MS = 5_000;
/** The service answers again within 2 s of the database's return (bench:outage measures it); polled up to this on a busy test machine. */
const BACK_WITHIN_MS = 10_000;
/** Tests that start the real server, with several processes on a shared machine. */
const SPAWN_TIMEOUT_MS = 90_000;
const CAPTCHA_FIXED_CODE = "4711";

/** The real server in `workDir` on `port`, with a DATA_DIR of its own and the test administrator. */
function spawnIn(workDir: string, port: number, dataName: string, env: Record<string, string>): ServerProcess {
  return spawnServer(
    {
      NODE_ENV: "test",
      PORT: String(port),
      DATA_DIR: join(workDir, dataName),
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      LOG_LEVEL: "info",
      STATIC_DIR: join(workDir, "dist"),
      ...env,
    },
    workDir,
  );
}

/** The administrator's authorization header, through the captcha and the password grant like the app. */
async function adminAuthorization(baseUrl: string): Promise<string> {
  const { result } = await (await fetch(`${baseUrl}/uaa/identity/captcha`)).json();
  const params = { grant_type: "password", client_id: "web", client_secret: "web-secret", username: "admin", password: TEST_ADMIN_PASSWORD, vid: result.vid, vcode: CAPTCHA_FIXED_CODE };
  const token = await (await fetch(`${baseUrl}/uaa/oauth/token`, { method: "POST", body: new URLSearchParams(params) })).json();
  return `${token.token_type} ${token.access_token}`;
}

/** The pids of the server processes that said they are serving, in order. */
function servingPids(server: ServerProcess): number[] {
  return server
    .stdout()
    .split("\n")
    .filter((line) => line.includes('"msg":"serving the platform'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ends the PostgreSQL backends of one application_name (this file's own server), as an operator or a failover would. */
async function terminateBackends(where: string): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pg_terminate_backend(pid) as ended, pid from pg_stat_activity where ${where} and pid <> pg_backend_pid()`,
    );
    return rows.length;
  } finally {
    await client.end();
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

const postgresOnly = testDatabases().filter((kind) => kind === "postgres");

describe.each(postgresOnly)("the server when %s fails under it", () => {
  const applicationName = `fault_test_${process.pid}_${Date.now()}`;
  let pgDatabase: PostgresDatabase;
  let proxy: TcpProxy;
  let t: TestApp;
  let admin: SignedIn;
  let compId: number;

  beforeAll(async () => {
    pgDatabase = await createPostgresDatabase();
    proxy = await startTcpProxy(pgDatabase.url);
    const url = new URL(proxy.via(pgDatabase.url));
    url.searchParams.set("application_name", applicationName);
    t = await startTestApp("postgres", {
      env: { DATABASE_URL: url.href },
      routes: (app) => {
        // A request whose connection is ended while it holds it, between two statements of a transaction.
        app.get("/api/test/terminatedInTransaction", { config: { access: "public" } }, async () => {
          await app.db.transaction().execute(async (trx) => {
            const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
            await terminateBackends(`pid = ${Number(rows[0].pid)}`);
            await sql`select 1`.execute(trx);
          });
          return { code: 200, message: "success", result: null };
        });
      },
    });
    admin = await signInAsAdmin(t.app);
    compId = await createCompany(t.app, "故障测试企业");
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await pgDatabase?.drop();
  });

  const page = () => call(t.app, admin, PAGE, { current: 1, model: { compId } });
  const health = () => t.app.inject({ method: "GET", url: "/api/health" });

  it("answers 503 to the call whose connection was terminated, and serves the next calls", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/test/terminatedInTransaction" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    await expect.poll(async () => (await page()).statusCode, { timeout: BACK_WITHIN_MS }).toBe(200);
    expect((await health()).statusCode).toBe(200);
  });

  it("drops every connection the database ended and keeps serving", async () => {
    // Warm the pool with several connections, then end them all.
    await Promise.all(Array.from({ length: 5 }, () => page()));
    expect(await terminateBackends(`application_name = '${applicationName}'`)).toBeGreaterThan(0);
    await expect.poll(async () => (await page()).statusCode, { timeout: BACK_WITHIN_MS }).toBe(200);
    const res = await call(t.app, admin, RELEASE, validRecord(compId));
    expect(res.json()).toMatchObject({ code: 200 });
  });

  it("answers 503 quickly while the database is unreachable, and serves again once it is back", async () => {
    expect((await page()).statusCode).toBe(200);
    await proxy.cut();
    try {
      // Once the database is known to be down every call is refused at once, not after a timeout.
      for (let i = 0; i < 3; i++) {
        const { value: res, ms } = await timed(page);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual(UNAVAILABLE);
        expect(res.headers["retry-after"]).toBe("1");
        expect(ms).toBeLessThan(QUICKLY_MS);
      }
      const { value: down, ms } = await timed(health);
      expect(down.statusCode).toBe(503);
      expect(ms).toBeLessThan(QUICKLY_MS);
      const write = await call(t.app, admin, RELEASE, validRecord(compId, { researchers: "停机期间" }));
      expect(write.statusCode).toBe(503);
    } finally {
      await proxy.restore();
    }
    await expect.poll(async () => (await health()).statusCode, { timeout: BACK_WITHIN_MS }).toBe(200);
    expect((await page()).statusCode).toBe(200);
    const written = await call(t.app, admin, RELEASE, validRecord(compId, { researchers: "恢复之后" }));
    expect(written.json()).toMatchObject({ code: 200 });
    // The write refused during the outage left nothing behind; the one after it is stored.
    const stored = await t.app.db.selectFrom("serviceRecords").select("researchers").where("compId", "=", compId).execute();
    expect(stored.map((row) => row.researchers)).not.toContain("停机期间");
    expect(stored.map((row) => row.researchers)).toContain("恢复之后");
  });
});

describe.each(postgresOnly)("server processes while %s is unreachable", () => {
  const workDir = mkdtempSync(join(tmpdir(), "api-faults-"));
  let pgDatabase: PostgresDatabase;
  let proxy: TcpProxy;
  beforeAll(async () => {
    pgDatabase = await createPostgresDatabase();
    proxy = await startTcpProxy(pgDatabase.url, { open: false });
  });
  afterAll(async () => {
    await proxy?.close();
    await pgDatabase?.drop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it.each([1, 2])("with WORKERS=%i waits, says so in the log, and serves once the database is there", { timeout: SPAWN_TIMEOUT_MS }, async (workers) => {
    const port = await freePort();
    const server = spawnIn(workDir, port, `data-${workers}`, { DATABASE_URL: proxy.via(pgDatabase.url), WORKERS: String(workers) });
    try {
      await expect.poll(() => server.stdout().match(/database unreachable; trying again/g)?.length ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      expect(server.child.exitCode).toBeNull();
      await proxy.restore();
      await waitUntilHealthy(`http://127.0.0.1:${port}`, server);
      expect(server.stdout()).toContain('"msg":"database reachable"');
    } finally {
      expect(await stopServer(server)).toBe(0);
      await proxy.cut();
    }
  });

  it("with WORKERS=2, a process replaced during an outage waits for the database while the other keeps running", { timeout: SPAWN_TIMEOUT_MS }, async () => {
    await proxy.restore();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = spawnIn(workDir, port, "replaced", { DATABASE_URL: proxy.via(pgDatabase.url), WORKERS: "2" });
    try {
      await waitUntilHealthy(baseUrl, server, 60_000);
      await expect.poll(() => servingPids(server).length, { timeout: 30_000 }).toBe(2);
      const [killed, survivor] = servingPids(server);
      await proxy.cut();
      const waitsBefore = server.stdout().match(/database unreachable; trying again/g)?.length ?? 0;
      process.kill(killed, "SIGKILL");
      await expect.poll(() => server.stdout().match(/database unreachable; trying again/g)?.length ?? 0, { timeout: 30_000 }).toBeGreaterThan(waitsBefore);
      // The survivor answers, with 503 while the database is away; nothing has stopped.
      expect((await fetch(`${baseUrl}/api/health`)).status).toBe(503);
      expect(alive(survivor)).toBe(true);
      expect(server.child.exitCode).toBeNull();
      await proxy.restore();
      await expect.poll(() => servingPids(server).length, { timeout: 30_000 }).toBe(3);
      await expect.poll(async () => (await fetch(`${baseUrl}/api/health`)).status, { timeout: BACK_WITHIN_MS }).toBe(200);
    } finally {
      expect(await stopServer(server)).toBe(0);
      await proxy.cut();
    }
  });

  it("stops at once with one line when the database refuses the credentials", async () => {
    const url = new URL(pgDatabase.url);
    url.username = "no_such_role_for_faults";
    url.password = "hunter22";
    const server = spawnIn(workDir, await freePort(), "refused", { DATABASE_URL: url.href });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toMatch(/^DATABASE_URL: cannot connect to postgres:\/\/[^ ]+ \(.*no_such_role_for_faults.*\)\n$/);
    expect(server.stderr()).not.toContain("hunter22");
  });
});

describe("SQLite shared by WORKERS=2 server processes", () => {
  const workDir = mkdtempSync(join(tmpdir(), "api-faults-sqlite-"));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it("saves concurrent visit records and answers from both processes without a 5xx, and keeps every one", { timeout: SPAWN_TIMEOUT_MS }, async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = spawnIn(workDir, port, "data", { CAPTCHA_FIXED_CODE, WORKERS: "2" });
    try {
      await waitUntilHealthy(baseUrl, server, 60_000);
      await expect.poll(() => servingPids(server).length, { timeout: 30_000 }).toBe(2);
      const authorization = await adminAuthorization(baseUrl);
      const post = async (path: string, body: unknown) => {
        const res = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { authorization, "content-type": "application/json" }, body: JSON.stringify(body) });
        return { status: res.status, body: await res.json() };
      };
      const company = await post("/api/company/save", { name: "并发写入企业" });
      const compId: number = company.body.result.id;
      const [dimension] = (await (await fetch(`${baseUrl}/api/archives/queryDimension`, { headers: { authorization } })).json()).result;
      const questions: string[] = (await post("/api/archives/queryServiceQuestion", { compId, serviceType: dimension.serviceNo })).body.result.map(
        (question: { questionNo: string }) => question.questionNo,
      );

      const CLIENTS = 40;
      const WRITES = 5;
      const statuses: number[] = [];
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          for (let i = 0; i < WRITES; i++) {
            const record = await post("/api/archives/releaseArchives", validRecord(compId, { serviceContent: `<p>并发走访 ${client}-${i}</p>` }));
            const answer = await post("/api/archives/serviceAnswer", [{ compId, questionNo: questions[(client + i) % questions.length], currentAnswer: `回答 ${client}-${i}` }]);
            statuses.push(record.status, answer.status);
          }
        }),
      );
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      const page = await post("/api/archives/queryArchivesPage", { current: 1, size: 10, model: { compId } });
      expect(page.body.result.total).toBe(CLIENTS * WRITES);
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
  });
});
