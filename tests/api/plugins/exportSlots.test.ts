import { request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough, Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../server/app";
import { openDatabase, type DatabaseHandle } from "../../../server/db/database";
import { toDbTime } from "../../../server/db/time";
import { createLogger } from "../../../server/logger";
import { EXPORT_LIMITS } from "../../../server/plugins/exportSlots";
import type { App } from "../../../server/types";
import { testDatabases } from "../helpers/databases";
import { createUser, signIn, signInAsAdmin } from "../helpers/signIn";
import { startTestApp, type TestApp } from "../helpers/testApp";

const AT_ONCE = 3;
const YOURS_RUNNING = "您已有 2 个导出正在进行，请等其完成后再导出";
const ALL_BUSY = "正在进行的导出较多，请稍后再试";
const DEFAULT_LIMITS = { ...EXPORT_LIMITS };

/** The test export's bodies, in the order their requests reached the handler: a test ends them. */
let bodies: PassThrough[] = [];

/** A download the test holds: its answer's head, and its body once the server ends it. */
interface Download {
  status: number;
  response: IncomingMessage;
  /** The whole body; rejects when the download is cut off. */
  body: Promise<string>;
}

function download(port: number, authorization: string, path = "/test/export", headers: Record<string, string> = {}): Promise<Download> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: path.startsWith("/test/") ? "GET" : "POST", headers: { authorization, ...headers } }, (response) => {
      const body = new Promise<string>((whole, cut) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => whole(text));
        response.on("aborted", () => cut(new Error("download cut off")));
        response.on("error", cut);
      });
      body.catch(() => undefined);
      done({ status: response.statusCode ?? 0, response, body });
    });
    req.on("error", fail);
    req.end();
  });
}

/** The slots' rows as the database holds them. */
const slotRows = (app: App) => app.db.selectFrom("exportSlots").select(["key", "holder", "expiresAt"]).orderBy("key").execute();

/** Test routes: an export whose body the test writes and ends, and one that never stops writing. */
function exportRoutes(app: App): void {
  app.get("/test/export", { config: { access: "signedIn", exportSlot: true } }, async (_request, reply) => {
    const body = new PassThrough();
    bodies.push(body);
    body.write("head\n");
    return reply.header("content-type", "text/plain").send(body);
  });
  app.get("/test/endless", { config: { access: "signedIn", exportSlot: true } }, async (_request, reply) => {
    const chunk = Buffer.alloc(64 * 1024, "x");
    return reply.header("content-type", "text/plain").send(Readable.from((function* () {
      for (;;) yield chunk;
    })()));
  });
}

describe.each(testDatabases())("export slots on %s", (kind) => {
  let t: TestApp;
  let port: number;
  let admin: string;
  let users: string[];
  let userIds: number[];

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { EXPORTS_AT_ONCE: String(AT_ONCE) }, routes: exportRoutes });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
    admin = (await signInAsAdmin(t.app)).headers.authorization;
    users = [];
    userIds = [];
    for (const name of ["slot-a", "slot-b", "slot-c"]) {
      userIds.push(await createUser(t.app, { username: name, password: "Slots-2026-pass" }));
      users.push((await signIn(t.app, name, "Slots-2026-pass")).headers.authorization);
    }
  });
  afterAll(() => t.close());
  afterEach(async () => {
    Object.assign(EXPORT_LIMITS, DEFAULT_LIMITS);
    for (const body of bodies) body.end();
    bodies = [];
    await expect.poll(() => slotRows(t.app)).toEqual([]);
  });

  it("runs EXPORTS_AT_ONCE exports at once, refuses the next with 503 and Retry-After, and serves again once one ends", async () => {
    const [a, b, c] = users;
    const running = [await download(port, a), await download(port, a), await download(port, b)];
    expect(running.map((d) => d.status)).toEqual([200, 200, 200]);

    const refused = await download(port, c);
    expect(refused.status).toBe(503);
    expect(Number(refused.response.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(await refused.body)).toEqual({ code: 503, message: ALL_BUSY });
    // The refused caller holds nothing: the user's slot it took first is given back.
    expect((await slotRows(t.app)).map((row) => row.key).filter((key) => key.startsWith(`user:${userIds[2]}:`))).toEqual([]);

    bodies[0].end("tail\n");
    expect(await running[0].body).toBe("head\ntail\n");
    await expect.poll(async () => (await slotRows(t.app)).length).toBe(2 * 2);
    expect((await download(port, c)).status).toBe(200);
  });

  it("refuses a user's third export at once with 429 in the caller's language, while another user's runs", async () => {
    const [a, b] = users;
    expect([(await download(port, a)).status, (await download(port, a)).status]).toEqual([200, 200]);
    const refused = await download(port, a, "/test/export", { "accept-language": "en" });
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(await refused.body)).toEqual({ code: 429, message: "You already have 2 exports running; export again once one has finished" });
    expect(JSON.parse(await (await download(port, a)).body)).toEqual({ code: 429, message: YOURS_RUNNING });
    expect((await download(port, b)).status).toBe(200);
  });

  it("frees the slot of a client that goes away mid-download", async () => {
    const [a] = users;
    const first = await download(port, a);
    const second = await download(port, a);
    expect([first.status, second.status]).toEqual([200, 200]);
    first.response.destroy();
    await expect.poll(async () => (await download(port, a)).status).toBe(200);
    expect(bodies[0].destroyed).toBe(true);
  });

  it("ends a download whose client takes nothing for the stall time, and frees its slot", async () => {
    EXPORT_LIMITS.stallMs = 500;
    const [a] = users;
    const stalled = await download(port, a, "/test/endless");
    expect(stalled.status).toBe(200);
    // The client reads nothing from here: the server's writes stop once the socket's buffers are full.
    stalled.response.pause();
    await expect.poll(() => slotRows(t.app), { timeout: 10_000 }).toEqual([]);
    // What it had taken reaches the client, then the end of a download cut off.
    stalled.response.resume();
    await expect(stalled.body).rejects.toThrow("download cut off");
  });

  it("keeps a running export's slot past its lease, and takes over the slot of a process that died once its lease has run out", async () => {
    EXPORT_LIMITS.leaseMs = 600;
    const [a, b, c] = users;
    const held = [await download(port, a), await download(port, b)];
    expect(held.map((d) => d.status)).toEqual([200, 200]);
    const before = await slotRows(t.app);
    // Renewed while the exports run: every lease moves on past the first.
    await expect.poll(async () => (await slotRows(t.app)).every((row) => new Date(row.expiresAt).getTime() > new Date(before[0].expiresAt).getTime() + 600)).toBe(true);

    // The third slot, as a process that died left it: its lease has run out.
    const gone = toDbTime(t.app.dialect, new Date(Date.now() - 1000));
    const taken = new Set(before.map((row) => row.key));
    const free = Array.from({ length: AT_ONCE }, (_, i) => `all:${i + 1}`).find((key) => !taken.has(key));
    await t.app.db.insertInto("exportSlots").values({ key: free!, holder: "a request of a process that died", expiresAt: gone }).execute();
    expect((await download(port, c)).status).toBe(200);
    expect((await download(port, c)).status).toBe(503);
  });

  it("counts the exports of every server process sharing the database", async () => {
    const database: DatabaseHandle = await openDatabase(t.config, createLogger(t.config));
    const other = await buildApp({ config: t.config, database, logger: createLogger(t.config) });
    exportRoutes(other);
    await other.listen({ port: 0, host: "127.0.0.1" });
    try {
      const otherPort = (other.server.address() as AddressInfo).port;
      const [a, b, c] = users;
      expect([(await download(port, a)).status, (await download(otherPort, a)).status]).toEqual([200, 200]);
      expect((await download(otherPort, a)).status).toBe(429);
      expect((await download(otherPort, b)).status).toBe(200);
      expect((await download(port, c)).status).toBe(503);
    } finally {
      for (const body of bodies) body.end();
      await other.close();
      await database.close();
    }
  });

  it("guards the platform's exports: each refuses a user whose slots are taken, before it reads anything", async () => {
    const adminId = (await t.app.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow()).id;
    const until = toDbTime(t.app.dialect, new Date(Date.now() + 60_000));
    await t.app.db
      .insertInto("exportSlots")
      .values([1, 2].map((n) => ({ key: `user:${adminId}:${n}`, holder: `another export ${n}`, expiresAt: until })))
      .execute();
    try {
      const calls = [
        { method: "POST" as const, url: "/api/patents/export", payload: { model: {} } },
        { method: "POST" as const, url: "/api/archives/visits/export", payload: { model: {} } },
        { method: "POST" as const, url: "/api/logs/export", payload: { model: {} } },
        { method: "POST" as const, url: "/api/archives/queryReport", payload: { compId: 1 } },
        { method: "GET" as const, url: "/api/statistics/report?from=2026-01-01&to=2026-12-31&format=xlsx" },
      ];
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: { authorization: admin } });
        expect([call.url, res.statusCode, res.json()]).toEqual([call.url, 429, { code: 429, message: YOURS_RUNNING }]);
      }
    } finally {
      await t.app.db.deleteFrom("exportSlots").execute();
    }
  });
});
