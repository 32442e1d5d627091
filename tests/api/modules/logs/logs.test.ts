import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { parseDateTime, toDbTime } from "../../../../server/db/time";
import { OperationLogs } from "../../../../server/modules/logs/service";
import { flushLogs } from "../../../../server/modules/logs/writer";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, signInAsAdmin } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";

interface Seeded {
  logAction: string;
  logType: 1 | 2;
  exceptionType: 0 | 1;
  userName: string;
  at: string;
}

/** Rows of one test, told apart from sign-in rows by their operator names (log_ prefix). */
const SEEDED: Seeded[] = [
  { logAction: "登录成功", logType: 1, exceptionType: 0, userName: "log_alice", at: "2026-03-01 08:00:00" },
  { logAction: "新增走访记录", logType: 2, exceptionType: 0, userName: "log_alice", at: "2026-03-02 09:30:00" },
  { logAction: "新增走访记录", logType: 2, exceptionType: 1, userName: "log_Bob", at: "2026-03-02 23:59:59" },
  { logAction: "删除用户 100%_done", logType: 2, exceptionType: 0, userName: "log_bob", at: "2026-03-03 00:00:00" },
];

describe.each(testDatabases())("the operation log list on %s", (kind) => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signInAsAdmin(t.app)).headers;
    for (const row of SEEDED) {
      await t.database.db
        .insertInto("operationLogs")
        .values({
          logAction: row.logAction,
          logType: row.logType,
          exceptionType: row.exceptionType,
          userName: row.userName,
          remoteAddr: "10.0.0.9",
          method: "POST",
          path: "/api/test",
          params: '{"name":"x"}',
          durationMs: 12,
          errorMessage: row.exceptionType ? "出错了" : null,
          createdAt: toDbTime(t.app.dialect, parseDateTime(row.at, t.config.timeZone) ?? new Date(NaN)),
        })
        .execute();
    }
  });
  afterAll(() => t.close());

  const list = (body: Record<string, unknown>, headers = admin) => t.app.inject({ method: "POST", url: "/api/logs/listData", headers, payload: body });
  /** The seeded rows the filter selects, newest first, by operator and time. */
  const seeded = async (model: Record<string, unknown>) => {
    const res = await list({ current: 1, size: 1000, model: { userName: "log_", ...model } });
    expect(res.json()).toMatchObject({ code: 200 });
    return (res.json().result.records as { userName: string; lastModifiedDate: string }[]).map((r) => `${r.userName} ${r.lastModifiedDate}`);
  };

  it("answers a page of rows, newest first, with the SPEC 2 columns", async () => {
    const res = await list({ current: 1, size: 10, model: { userName: "log_" } });
    expect(res.json().result).toMatchObject({ total: 4, current: 1, size: 10 });
    expect(res.json().result.records[0]).toEqual({
      id: expect.any(Number),
      logAction: "删除用户 100%_done",
      remoteAddr: "10.0.0.9",
      lastModifiedDate: "2026-03-03 00:00:00",
      logType: 2,
      exceptionType: 0,
      userName: "log_bob",
    });
    const second = await list({ current: 2, size: 10, model: {} });
    expect(second.json()).toMatchObject({ code: 200, result: { current: 2, size: 10 } });
  });

  it("sorts by time, oldest first when asked", async () => {
    const newest = await seeded({});
    const res = await list({ current: 1, size: 1000, model: { userName: "log_" }, orders: [{ column: "lastModifiedDate", asc: true }] });
    expect((res.json().result.records as { userName: string; lastModifiedDate: string }[]).map((r) => `${r.userName} ${r.lastModifiedDate}`)).toEqual(
      [...newest].reverse(),
    );
    expect((await list({ current: 1, size: 10, model: {}, orders: [{ column: "userName", asc: true }] })).json()).toMatchObject({ code: 400 });
  });

  it("accepts only the page sizes of SPEC 2", async () => {
    for (const size of [10, 50, 100, 500, 1000]) expect((await list({ current: 1, size, model: {} })).statusCode).toBe(200);
    for (const size of [20, 0, 2000]) expect((await list({ current: 1, size, model: {} })).json()).toMatchObject({ code: 400 });
  });

  it("filters by type, status, operator and action text", async () => {
    expect(await seeded({ logType: 1 })).toEqual(["log_alice 2026-03-01 08:00:00"]);
    expect(await seeded({ logType: 2, exceptionType: 1 })).toEqual(["log_Bob 2026-03-02 23:59:59"]);
    expect(await seeded({ exceptionType: 0 })).toHaveLength(3);
    expect(await seeded({ userName: "LOG_BOB" })).toEqual(["log_bob 2026-03-03 00:00:00", "log_Bob 2026-03-02 23:59:59"]);
    expect(await seeded({ logAction: "走访" })).toEqual(["log_Bob 2026-03-02 23:59:59", "log_alice 2026-03-02 09:30:00"]);
    // % and _ are text, not patterns.
    expect(await seeded({ logAction: "100%_" })).toEqual(["log_bob 2026-03-03 00:00:00"]);
    expect(await seeded({ logAction: "0%d" })).toEqual([]);
  });

  it("filters by a date range whose end day counts whole", async () => {
    expect(await seeded({ lastModifiedDateBegin: "2026-03-02", lastModifiedDateEnd: "2026-03-02" })).toEqual([
      "log_Bob 2026-03-02 23:59:59",
      "log_alice 2026-03-02 09:30:00",
    ]);
    expect(await seeded({ lastModifiedDateBegin: "2026-03-02 09:30:01" })).toEqual(["log_bob 2026-03-03 00:00:00", "log_Bob 2026-03-02 23:59:59"]);
    expect(await seeded({ lastModifiedDateEnd: "2026-03-01 08:00:00" })).toEqual(["log_alice 2026-03-01 08:00:00"]);
    expect((await list({ current: 1, size: 10, model: { lastModifiedDateBegin: "2026-02-30" } })).json()).toMatchObject({
      code: 400,
      message: "参数 lastModifiedDateBegin 应为日期 YYYY-MM-DD 或日期时间 YYYY-MM-DD HH:mm:ss",
    });
  });

  it("answers one row with every field", async () => {
    const [first] = (await list({ current: 1, size: 10, model: { userName: "log_Bob", exceptionType: 1 } })).json().result.records;
    const res = await t.app.inject({ method: "GET", url: `/api/logs/${first.id}`, headers: admin });
    expect(res.json().result).toEqual({
      ...first,
      userId: null,
      method: "POST",
      path: "/api/test",
      params: '{"name":"x"}',
      durationMs: 12,
      errorMessage: "出错了",
    });
    expect((await t.app.inject({ method: "GET", url: "/api/logs/999999", headers: admin })).json()).toMatchObject({ code: 404, message: "日志不存在" });
  });

  it("is for administrators only", async () => {
    await createUser(t.app, { username: "log_member", password: "Member-pass-1", roles: [RoleCode.MEMBER] });
    const member = (await signIn(t.app, "log_member", "Member-pass-1")).headers;
    expect((await list({ current: 1, size: 10, model: {} }, member)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: "/api/logs/export", headers: member, payload: {} })).statusCode).toBe(403);
  });

  it("exports the logs selected as the export began, each once, though logs are written meanwhile", async () => {
    // The logs of the tests before (a member's sign-in, its refusals) written first, not during the export.
    await flushLogs(t.app);
    const logs = new OperationLogs({ db: t.database.db, dialect: t.database.dialect, timeZone: "Asia/Shanghai" });
    const filter = { userName: "log_" };
    const read: number[] = [];
    for await (const batch of logs.details(filter, 1000, 1)) {
      read.push(...batch.map((log) => log.id));
      if (read.length > 1) continue;
      // The newest log, written after the first was read: first in the list's order.
      await t.database.db
        .insertInto("operationLogs")
        .values({ logAction: "新的操作", logType: 2, exceptionType: 0, userName: "log_later", createdAt: toDbTime(t.database.dialect, new Date()) })
        .execute();
    }
    const listed = (await t.app.inject({ method: "POST", url: "/api/logs/listData", headers: admin, payload: { current: 1, size: 100, model: filter } })).json().result;
    expect(read).toEqual(listed.records.slice(1).map((log: { id: number }) => log.id));
    await t.database.db.deleteFrom("operationLogs").where("userName", "=", "log_later").execute();
  });

  it("exports the filtered rows as an .xlsx workbook, and logs the export", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/logs/export", headers: admin, payload: { model: { userName: "log_", logAction: "走访" } } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(String(res.headers["content-disposition"])).toMatch(/^attachment; .*filename\*=UTF-8''%E6%93%8D%E4%BD%9C%E6%97%A5%E5%BF%97-\d{8}\.xlsx$/);

    const zip = await JSZip.loadAsync(res.rawPayload);
    for (const part of ["[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml"]) expect(zip.file(part)).not.toBeNull();
    const sheet = (await zip.file("xl/worksheets/sheet1.xml")?.async("string")) ?? "";
    for (const title of ["序号", "操作", "操作IP", "操作时间", "日志类型", "状态", "操作人", "请求方法", "路径", "耗时(ms)", "错误信息"]) {
      expect(sheet).toContain(`<t xml:space="preserve">${title}</t>`);
    }
    const rows = sheet.match(/<row /g) ?? [];
    expect(rows).toHaveLength(3);
    for (const cell of ["新增走访记录", "log_Bob", "2026-03-02 23:59:59", "异常", "正常", "操作", "出错了"]) expect(sheet).toContain(`>${cell}</t>`);

    await flushLogs(t.app);
    const logged = await t.database.db.selectFrom("operationLogs").selectAll().where("logAction", "=", "导出操作日志").where("userName", "=", "admin").executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ exceptionType: 0, path: "/api/logs/export" });
    expect(JSON.parse(logged.params ?? "")).toEqual({ model: { userName: "log_", logAction: "走访" } });
  });

  it("exports with headings, types, states and known actions in the caller's language", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/logs/export",
      headers: { ...admin, "accept-language": "en" },
      payload: { model: { userName: "log_", logAction: "走访" } },
    });
    expect(String(res.headers["content-disposition"])).toMatch(/filename\*=UTF-8''operation-log-\d{8}\.xlsx$/);
    const sheet = (await (await JSZip.loadAsync(res.rawPayload)).file("xl/worksheets/sheet1.xml")?.async("string")) ?? "";
    for (const cell of ["No.", "Action", "Log type", "Duration (ms)", "Created a visit record", "Operation", "Failed", "Normal", "log_Bob", "出错了"]) expect(sheet).toContain(`>${cell}</t>`);
    for (const cell of ["序号", "操作", "异常", "正常", "新增走访记录"]) expect(sheet).not.toContain(`>${cell}</t>`);
  });
});
