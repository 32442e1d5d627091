import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { toDbTime } from "../../../../server/db/time";
import { STALE_AFTER_MS } from "../../../../server/modules/patents/import/jobs";
import { testDatabases } from "../../helpers/databases";
import { multipartBody } from "../../helpers/multipart";
import { signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { HANDMADE } from "./fixtures";
import { cells, gb18030Csv, importFile, numbers, patsnapXlsx, search, startImport, userWithRole } from "./support";

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
    expect(first).toMatchObject({ state: "done", processed: HANDMADE.length, total: HANDMADE.length, imported: HANDMADE.length, updated: 0, skipped: 0, errors: [], failure: null });
    const changed = HANDMADE.map((patent, index) => cells(index === 0 ? { ...patent, title: "一种改进的芯片封装结构" } : patent));
    const again = await importFile(t.app, analyst, await patsnapXlsx(changed), "patsnap-again.xlsx");
    expect(again).toMatchObject({ state: "done", imported: 0, updated: HANDMADE.length });
    expect(await count()).toBe(HANDMADE.length);
    expect(await numbers(t.app, admin, { q: "改进" })).toEqual(["CN100000001A"]);
    // The old title is gone from the index too.
    expect(await numbers(t.app, admin, { q: "芯片 结构及其" })).toEqual([]);
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
    expect(job).toMatchObject({ state: "done", imported: 1, skipped: 2, errorCount: 2 });
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
    expect(job.state).toBe("failed");
    expect(job.failure).toContain("原有数据保持不变");
    expect(await count()).toBe(before);
    const after = (await search(t.app, admin, { number: "CN100000002A" })).json().result.records[0];
    expect(after.title).toBe(existing.title);
    expect(await t.app.db.selectFrom("patentImportRows").selectAll().execute()).toEqual([]);
    await sql`drop trigger refuse_boom${sql.raw(kind === "postgres" ? " on patents" : "")}`.execute(t.app.db);
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

    const { payload, headers: form } = multipartBody([{ name: "file", filename: "custom.xlsx", content: file }]);
    const inspected = await t.app.inject({ method: "POST", url: "/api/patents/import/inspect", headers: { ...analyst.headers, ...form }, payload });
    expect(inspected.statusCode, inspected.body).toBe(200);
    expect(inspected.json().result).toMatchObject({ format: "xlsx", headers, complete: false, unmapped: ["专利号码", "专利标题"] });

    const refused = await startImport(t.app, analyst, file, "custom.xlsx");
    expect(refused.statusCode).toBe(400);

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
