import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { connect, type AddressInfo } from "node:net";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import type { PatentImportJob } from "../../../../contract/schemas/patents";
import { buildApp } from "../../../../server/app";
import { toDbTime } from "../../../../server/db/time";
import { LAST_SEEN_INTERVAL_MS } from "../../../../server/modules/auth/principal";
import { text } from "../../../../server/i18n";
import { STALE_AFTER_MS } from "../../../../server/modules/patents/import/jobs";
import { READER_THREADS_MAX } from "../../../../server/modules/patents/read/limits";
import { importHooks, readerOptions } from "../../../../server/modules/patents/routes";
import type { App } from "../../../../server/types";
import { testDatabases } from "../../helpers/databases";
import { multipartBody } from "../../helpers/multipart";
import { signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { HANDMADE } from "./fixtures";
import { cells, gb18030Csv, importFile, numbers, patsnapXlsx, search, startImport, userWithRole } from "./support";

/** The stored uploads: rows of `files` and the files under the upload directory (not its working folders). */
async function uploads(t: TestApp): Promise<{ rows: number; onDisk: string[] }> {
  const rows = Number((await t.app.db.selectFrom("files").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const entries = await readdir(t.config.uploadDir, { recursive: true, withFileTypes: true }).catch(() => []);
  const onDisk = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return { rows, onDisk };
}

/** What the reader threads left in their working folder (nothing, once each has ended). */
const readingLeftovers = (t: TestApp) => readdir(join(t.config.uploadDir, ".patent-reading")).catch(() => []);

/** The segments of SQLite's full-text index (FTS5's %_idx table lists each segment's leaves). */
async function fullTextSegments(t: TestApp): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(distinct segid) as n from patents_fts_idx`.execute(t.app.db);
  return Number(rows[0].n);
}

/** Resolves once `check` holds, polling; the test's timeout bounds the wait. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The job, polled until it has ended, as the caller reads it in `locale`. */
async function jobOf(app: App, who: SignedIn, jobId: number, locale = "zh-CN"): Promise<PatentImportJob> {
  for (;;) {
    const res = await app.inject({ method: "GET", url: `/api/patents/import/${jobId}`, headers: { ...who.headers, "accept-language": locale } });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().result as PatentImportJob;
    if (job.state !== "running") return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The import's reader threads started from another entry (a test reader) for the span of `run`. */
async function withReader<T>(name: string, run: () => Promise<T>): Promise<T> {
  readerOptions.workerUrl = new URL(`./readers/${name}.mjs`, import.meta.url);
  try {
    return await run();
  } finally {
    delete readerOptions.workerUrl;
  }
}

describe.each(testDatabases())("patent import on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let analyst: SignedIn;
  const count = async () => Number((await t.app.db.selectFrom("patents").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
    analyst = await userWithRole(t.app, "patentAnalyst", RoleCode.ANALYST);
  });
  afterAll(() => t.close());

  it("imports a Patsnap .xlsx, and a re-import updates instead of duplicating", async () => {
    const first = await importFile(t.app, analyst, await patsnapXlsx(HANDMADE.map(cells)), "patsnap.xlsx");
    expect(first).toMatchObject({ state: "done", processed: HANDMADE.length, total: HANDMADE.length, written: HANDMADE.length, imported: HANDMADE.length, updated: 0, skipped: 0, errors: [], failure: null });
    const changed = HANDMADE.map((patent, index) => cells(index === 0 ? { ...patent, title: "一种改进的芯片封装结构" } : patent));
    const again = await importFile(t.app, analyst, await patsnapXlsx(changed), "patsnap-again.xlsx");
    expect(again).toMatchObject({ state: "done", imported: 0, updated: HANDMADE.length });
    expect(await count()).toBe(HANDMADE.length);
    expect(await numbers(t.app, admin, { q: "改进" })).toEqual(["CN100000001A"]);
    // The old title is gone from the index too.
    expect(await numbers(t.app, admin, { q: "芯片 结构及其" })).toEqual([]);
    // On SQLite the re-import's segment of the full-text index is merged with the first's (store.ts compactFullText).
    if (kind === "sqlite") expect(await fullTextSegments(t)).toBe(1);
    // Each import read its file in a thread of its own: gone, with its folder, once the job ended.
    expect(await readingLeftovers(t)).toEqual([]);
  });

  it("imports a GB18030 .csv, the number written another way being the same patent", async () => {
    const rows = [
      cells({ number: "CN 100000008 A", title: "碳化硅功率器件及其刻蚀方法", applicants: ["无锡碳化硅有限公司"], ipc: ["H01L29/16"], applyDate: "2024-03-03" }),
      cells({ number: "cn100000001a", title: "一种芯片封装结构及其制造方法", applicants: ["无锡芯源微电子有限公司"], ipc: ["H01L23/31"] }),
    ];
    const job = await importFile(t.app, admin, gb18030Csv(rows), "incopat.csv");
    expect(job).toMatchObject({ state: "done", imported: 1, updated: 1 });
    expect(await numbers(t.app, admin, { q: "碳化硅 刻蚀" })).toEqual(["CN100000008A"]);
  });

  it("reports each row it cannot read with its line, in the caller's language", async () => {
    const rows = [
      cells({ number: "CN100000009A", title: "键合设备" }),
      cells({ number: "", title: "没有号码的专利" }),
      cells({ number: "CN100000010A", title: "" }),
    ];
    const started = await startImport(t.app, admin, await patsnapXlsx(rows), "broken.xlsx");
    const { jobId } = started.json().result;
    let job;
    for (;;) {
      job = (await t.app.inject({ method: "GET", url: `/api/patents/import/${jobId}`, headers: { ...admin.headers, "accept-language": "en" } })).json().result;
      if (job.state !== "running") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job).toMatchObject({ state: "done", processed: 3, written: 1, imported: 1, skipped: 2, errorCount: 2 });
    expect(job.errors.map((error: { line: number }) => error.line)).toEqual([3, 4]);
    expect(job.errors[0].message).toMatch(/publication number/i);
  });

  it("leaves the previous data as it was when an import fails part-way", async () => {
    const before = await count();
    const existing = (await search(t.app, admin, { number: "CN100000002A" })).json().result.records[0];
    // A database refusal on the last row, after a first batch was written in the same transaction.
    if (kind === "sqlite") {
      await sql`create trigger refuse_boom before insert on patents when new.title = '爆炸' begin select raise(abort, 'boom'); end`.execute(t.app.db);
    } else {
      await sql`create function refuse_boom() returns trigger language plpgsql as $$ begin if new.title = '爆炸' then raise exception 'boom'; end if; return new; end $$`.execute(t.app.db);
      await sql`create trigger refuse_boom before insert on patents for each row execute function refuse_boom()`.execute(t.app.db);
    }
    const rows = [cells({ ...HANDMADE[1], title: "被改掉的标题" })];
    for (let i = 0; i < 600; i++) rows.push(cells({ number: `CN2${String(i).padStart(8, "0")}A`, title: `批量专利 ${i}` }));
    rows.push(cells({ number: "CN300000000A", title: "爆炸" }));
    const job = await importFile(t.app, admin, await patsnapXlsx(rows), "fails.xlsx");
    expect(job).toMatchObject({ state: "failed", written: 0, imported: 0 });
    expect(job.failure).toContain("原有数据保持不变");
    expect(await count()).toBe(before);
    const after = (await search(t.app, admin, { number: "CN100000002A" })).json().result.records[0];
    expect(after.title).toBe(existing.title);
    expect(await t.app.db.selectFrom("patentImportRows").selectAll().execute()).toEqual([]);
    await sql`drop trigger refuse_boom${sql.raw(kind === "postgres" ? " on patents" : "")}`.execute(t.app.db);
  });

  it("answers other calls while an import writes its patents, from the data as last committed", async () => {
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    importHooks.whileWriting = async () => {
      holding();
      await released;
    };
    // The caller's session is due to record its last call, a write of its own.
    const due = toDbTime(t.app.dialect, new Date(Date.now() - 2 * LAST_SEEN_INTERVAL_MS));
    await t.app.db.updateTable("authSessions").set({ lastSeenAt: due }).where("id", "=", admin.sessionId).execute();
    try {
      const rows = Array.from({ length: 250 }, (_, i) => cells({ number: `CN4${String(i).padStart(8, "0")}A`, title: `并行写入专利 ${i}` }));
      const started = await startImport(t.app, analyst, await patsnapXlsx(rows), "while-writing.xlsx");
      expect(started.statusCode, started.body).toBe(200);
      const { jobId } = started.json().result as { jobId: number };
      // The first 100 patents are written inside the job's transaction, which stays open, before
      // the rest are taken from the reader.
      await held;
      const found = await search(t.app, admin, { number: "CN400000000A" });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().result.total).toBe(0);
      const progress = await t.app.inject({ method: "GET", url: `/api/patents/import/${jobId}`, headers: admin.headers });
      // The first batch read and written, as the process running the job knows it.
      expect(progress.json().result).toMatchObject({ state: "running", processed: 100, total: 250, written: 100 });
      const notices = await t.app.inject({ method: "GET", url: "/api/notifications", headers: admin.headers });
      expect(notices.statusCode, notices.body).toBe(200);
      release();
      expect(await jobOf(t.app, admin, jobId)).toMatchObject({ state: "done", written: 250, imported: 250 });
      expect(await numbers(t.app, admin, { number: "CN400000000A" })).toEqual(["CN400000000A"]);
    } finally {
      delete importHooks.whileWriting;
      release();
    }
  });

  it("reports a job failed once its process stopped beating", async () => {
    const file = await t.app.db.selectFrom("files").select("id").limit(1).executeTakeFirstOrThrow();
    const old = toDbTime(t.app.dialect, new Date(Date.now() - STALE_AFTER_MS - 1000));
    const { id } = await t.app.db
      .insertInto("patentImportJobs")
      .values({ state: "running", fileId: file.id, mapping: null, createdBy: admin.userId, createdAt: old, heartbeatAt: old })
      .returning("id")
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: "GET", url: `/api/patents/import/${id}`, headers: admin.headers });
    expect(res.json().result).toMatchObject({ state: "failed", failure: expect.stringContaining("中断") });
    expect((await t.app.inject({ method: "GET", url: "/api/patents/import/999999", headers: admin.headers })).statusCode).toBe(404);
  });

  it("inspects a file's headers, maps unknown ones by a saved preset, and refuses an unmapped file", async () => {
    const headers = ["专利号码", "专利标题", "申请日"];
    const Excel = (await import("exceljs")).default;
    const workbook = new Excel.Workbook();
    const sheet = workbook.addWorksheet("Sheet1");
    sheet.addRow(headers);
    sheet.addRow(["CN100000011A", "一种光刻机对准方法", "2024-05-05"]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    const stored = await uploads(t);
    const { payload, headers: form } = multipartBody([{ name: "file", filename: "custom.xlsx", content: file }]);
    const inspected = await t.app.inject({ method: "POST", url: "/api/patents/import/inspect", headers: { ...analyst.headers, ...form }, payload });
    expect(inspected.statusCode, inspected.body).toBe(200);
    expect(inspected.json().result).toMatchObject({ format: "xlsx", headers, complete: false, unmapped: ["专利号码", "专利标题"] });

    const refused = await startImport(t.app, analyst, file, "custom.xlsx");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(String(text("server.patents.import.incomplete")));
    // Neither the inspection nor the refusal keeps the upload, a reader thread or its files.
    expect(await uploads(t)).toEqual(stored);
    expect(await readingLeftovers(t)).toEqual([]);

    const saved = await t.app.inject({
      method: "POST",
      url: "/api/patents/presets",
      headers: analyst.headers,
      payload: { name: "自定义导出", mapping: { 专利号码: "publicationNumber", 专利标题: "title" } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const presetId = saved.json().result.id as number;
    const listed = await t.app.inject({ method: "GET", url: "/api/patents/presets", headers: analyst.headers });
    expect(listed.json().result).toEqual([{ id: presetId, name: "自定义导出", mapping: { 专利号码: "publicationNumber", 专利标题: "title" } }]);

    const job = await importFile(t.app, analyst, file, "custom.xlsx", [{ name: "preset", content: String(presetId) }]);
    expect(job).toMatchObject({ state: "done", imported: 1 });
    expect(await numbers(t.app, admin, { q: "光刻机" })).toEqual(["CN100000011A"]);

    const bad = await startImport(t.app, analyst, file, "custom.xlsx", [{ name: "mapping", content: '{"专利号码": "nonsense"}' }]);
    expect(bad.statusCode).toBe(400);
  });

  it("refuses files of other types", async () => {
    const res = await startImport(t.app, admin, Buffer.from("hello"), "notes.docx");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(".xlsx");
  });
});

describe.each(testDatabases())("patent import reader threads on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let port: number;
  const patentCount = async () => Number((await t.app.db.selectFrom("patents").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { UPLOAD_IDLE_SECONDS: "1" } });
    admin = await signInAsAdmin(t.app);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
    expect((await importFile(t.app, admin, await patsnapXlsx(HANDMADE.map(cells)), "before.xlsx")).state).toBe("done");
  });
  afterAll(() => t.close());

  it("fails the job with a message in the caller's language when reading runs out of the thread's memory after patents were written, the data as it was, and goes on answering", async () => {
    const before = await patentCount();
    const stored = await uploads(t);
    const file = await patsnapXlsx(HANDMADE.map(cells));
    let written = false;
    importHooks.whileWriting = async () => {
      written = true;
    };
    let jobId: number;
    let job: PatentImportJob;
    try {
      const started = await withReader("outOfMemory", () => startImport(t.app, admin, file, "huge.xlsx"));
      expect(started.statusCode, started.body).toBe(200);
      ({ jobId } = started.json().result as { jobId: number });
      expect((await t.app.inject({ method: "GET", url: "/api/patents/presets", headers: admin.headers })).statusCode).toBe(200);
      job = await jobOf(t.app, admin, jobId);
    } finally {
      delete importHooks.whileWriting;
    }
    // The thread handed on 250 patents before it ran out: written in the job's transaction, then rolled back.
    expect(written).toBe(true);
    expect(job).toMatchObject({ state: "failed", processed: 250, written: 0, imported: 0, updated: 0 });
    expect(job.failure).toBe("读取文件所需的内存超出上限（文件过大或单元格内容过多），原有数据保持不变，请拆分文件后重新导入");
    expect((await jobOf(t.app, admin, jobId, "en")).failure).toMatch(/more memory than allowed.*the data is as it was/u);
    expect(await patentCount()).toBe(before);
    expect(await numbers(t.app, admin, { number: "CN900000000A" })).toEqual([]);
    expect(await t.app.db.selectFrom("patentImportRows").selectAll().execute()).toEqual([]);
    expect(await numbers(t.app, admin, { q: "芯片" })).not.toEqual([]);
    // The job keeps its file (its row names it); the thread and its folder are gone.
    expect((await uploads(t)).rows).toBe(stored.rows + 1);
    expect(await readingLeftovers(t)).toEqual([]);
  });

  it("refuses with 400 a file whose opening runs out of the thread's memory, keeping nothing", async () => {
    const stored = await uploads(t);
    const file = await patsnapXlsx(HANDMADE.map(cells));
    const refused = await withReader("outOfMemoryOpening", () => startImport(t.app, admin, file, "bomb.xlsx"));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(String(text("patents.fileProblems.tooLarge")));
    expect(await uploads(t)).toEqual(stored);
    expect(await readingLeftovers(t)).toEqual([]);
  });

  /** Sends the first `sent` bytes of a multipart import over a raw socket, then once `until` holds destroys the socket. */
  async function cutUpload(body: Buffer, boundary: string, sent: number, until: () => Promise<boolean>): Promise<void> {
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => undefined);
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.write(
      [
        "POST /api/patents/import HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        `Authorization: ${admin.headers.authorization}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${body.length}`,
        "",
        "",
      ].join("\r\n"),
    );
    socket.write(body.subarray(0, sent));
    await eventually(until);
    socket.destroy();
    await closed;
  }
  const incoming = () => readdir(join(t.config.uploadDir, ".incoming")).catch(() => []);

  it("keeps no file of an upload whose client goes away, in its file part or after it", async () => {
    const stored = await uploads(t);
    const file = await patsnapXlsx(HANDMADE.map(cells));
    const boundary = `----cut-${randomBytes(6).toString("hex")}`;
    const { payload } = multipartBody([
      { name: "file", filename: "cut.xlsx", content: Buffer.concat([file, randomBytes(256 * 1024)]) },
      { name: "mapping", content: "{}" },
    ]);
    const body = Buffer.from(payload.toString("latin1").replaceAll(/----api-test-[0-9a-f]+/gu, boundary), "latin1");
    await cutUpload(body, boundary, 64 * 1024, async () => (await incoming()).length > 0);
    await eventually(async () => (await incoming()).length === 0);
    expect(await uploads(t)).toEqual(stored);
    // The whole file part came and was stored, then the body stopped before its end: it goes too.
    await cutUpload(body, boundary, body.length - 40, async () => (await uploads(t)).rows > stored.rows);
    await eventually(async () => (await uploads(t)).rows === stored.rows);
    expect(await uploads(t)).toEqual(stored);
    expect(await readingLeftovers(t)).toEqual([]);
  });
});

describe.each(testDatabases())("a server closing with imports reading on %s", (kind) => {
  it(`refuses a reader past ${READER_THREADS_MAX} with 503, and on closing ends the threads and fails their jobs, the data as it was`, async () => {
    const t = await startTestApp(kind);
    try {
      const admin = await signInAsAdmin(t.app);
      const file = await patsnapXlsx(HANDMADE.map(cells));
      const jobIds = await withReader("stalls", async () => {
        const ids: number[] = [];
        for (let i = 0; i < READER_THREADS_MAX; i++) {
          const started = await startImport(t.app, admin, file, `slow-${i}.xlsx`);
          expect(started.statusCode, started.body).toBe(200);
          ids.push((started.json().result as { jobId: number }).jobId);
        }
        const { payload, headers } = multipartBody([{ name: "file", filename: "one-more.xlsx", content: file }]);
        const busy = await t.app.inject({ method: "POST", url: "/api/patents/import/inspect", headers: { ...admin.headers, ...headers, "accept-language": "en" }, payload });
        expect(busy.statusCode).toBe(503);
        expect(busy.json().message).toBe("Too many patent files are being read at the moment; try again shortly");
        return ids;
      });
      expect(await readingLeftovers(t)).toHaveLength(READER_THREADS_MAX);
      await t.app.close();
      expect(await readingLeftovers(t)).toEqual([]);
      // Another server process on the same database answers for the jobs.
      const again = await buildApp({ config: t.config, database: t.database });
      try {
        await again.ready();
        const signedIn = await signInAsAdmin(again);
        for (const jobId of jobIds) {
          expect(await jobOf(again, signedIn, jobId)).toMatchObject({ state: "failed", imported: 0, failure: "导入已中断（处理该任务的服务进程已停止），原有数据保持不变，请重新导入" });
        }
        expect(await numbers(again, signedIn, { number: HANDMADE[0].number })).toEqual([]);
      } finally {
        await again.close();
      }
    } finally {
      await t.database.close();
      await t.environment.cleanup();
    }
  });
});
