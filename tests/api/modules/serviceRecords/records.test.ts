import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { BY_ID, PAGE, RELEASE, call, createCompany, validRecord } from "./support";
import { giveToStaff } from "../../helpers/companies";

describe.each(testDatabases())("service records on %s", (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  let admin: SignedIn;
  let member: SignedIn;
  let compId: number;
  let otherCompId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await createUser(t.app, { username: "recordStaff", password: "Record-pass-1", roles: [RoleCode.STAFF], name: "调研员甲" });
    await createUser(t.app, { username: "recordMember", password: "Record-pass-1", roles: [RoleCode.MEMBER] });
    staff = await signIn(t.app, "recordStaff", "Record-pass-1");
    member = await signIn(t.app, "recordMember", "Record-pass-1");
    admin = await signInAsAdmin(t.app);
    compId = await createCompany(t.app, "走访测试企业");
    otherCompId = await createCompany(t.app, "另一家企业");
  });
  afterAll(() => t.close());

  async function add(overrides: Record<string, unknown> = {}, who = staff, company = compId): Promise<number> {
    const res = await call(t.app, who, RELEASE, validRecord(company, overrides));
    expect(res.json()).toMatchObject({ code: 200, status: 1, message: "保存成功" });
    return res.json().result.id;
  }
  const byId = async (id: number) => (await call(t.app, admin, BY_ID(id))).json().result;

  it("saves a record with the defaults, the company and the writer set by the server", async () => {
    const id = await add({ createBy: "冒名者", createDate: "2000-01-01 00:00:00", updateBy: "冒名者" });
    const record = await byId(id);
    expect(record).toMatchObject({
      id,
      compId,
      companyName: "走访测试企业",
      researchers: "张三、李四",
      contactPerson: "王经理",
      contactPersonPhone: "13800138000",
      comprehensiveEvaluation: "average",
      isOpenPatnavi: "notOpened",
      serviceTime: "2026-03-10 12:00:00",
      nextFollowTime: null,
      attachment: null,
      attachmentName: null,
      createBy: "调研员甲",
      updateBy: "调研员甲",
    });
    expect(record.createDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(record.createDate).not.toBe("2000-01-01 00:00:00");
  });

  it("edits a record: the editor becomes updateBy, the writer stays createBy, a field left out keeps its value", async () => {
    const id = await add({ comprehensiveEvaluation: "excellent", isOpenPatnavi: "opened", nextFollowTime: "2026-04-01 09:30:00" });
    const res = await call(t.app, admin, RELEASE, validRecord(compId, { id, researchers: "王五", comprehensiveEvaluation: "good", createBy: "冒名者" }));
    expect(res.json()).toMatchObject({ code: 200, status: 1, result: { id } });
    const record = await byId(id);
    expect(record).toMatchObject({
      researchers: "王五",
      comprehensiveEvaluation: "good",
      isOpenPatnavi: "opened",
      nextFollowTime: "2026-04-01 09:30:00",
      createBy: "调研员甲",
      updateBy: "管理员",
    });
    const log = await t.app.db.selectFrom("operationLogs").select("logAction").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(log.logAction).toBe("修改走访记录");
  });

  it("answers 404 for a record that does not exist, to view or to edit", async () => {
    const view = await call(t.app, staff, BY_ID(987654));
    expect(view.statusCode).toBe(404);
    expect(view.json()).toMatchObject({ code: 404, message: "走访记录不存在" });
    const edit = await call(t.app, staff, RELEASE, validRecord(compId, { id: 987654 }));
    expect(edit.statusCode).toBe(404);
  });

  it("keeps the name of a writer whose account was deleted", async () => {
    await createUser(t.app, { username: "leaver", password: "Record-pass-1", roles: [RoleCode.STAFF], name: "离职员工" });
    await giveToStaff(t.app, compId);
    const leaver = await signIn(t.app, "leaver", "Record-pass-1");
    const id = await add({}, leaver);
    await t.app.db.updateTable("users").set({ deleted: 1 }).where("id", "=", leaver.userId).execute();
    expect((await byId(id)).createBy).toBe("离职员工");
  });

  it("cleans the service record's HTML before storing it, keeping ordinary formatting", async () => {
    const html =
      '<p style="text-align:center;color:#ff0000;position:fixed">标题<script>alert(1)</script></p>' +
      '<p onclick="steal()"><strong>粗体</strong><em>斜体</em><u>下划线</u><span style="font-size:16px;background-color:rgb(255, 255, 0)">高亮</span></p>' +
      '<a href="javascript:alert(1)">坏链接</a><a href="https://example.org/x" onmouseover="x()">好链接</a>' +
      '<img src="x" onerror="alert(1)"><img src="/api/open/download/abc123"><style>p{}</style><iframe src="https://evil.example"></iframe>' +
      "<ul><li>一</li></ul><h2>小节</h2><blockquote>引用</blockquote>";
    const stored = (await byId(await add({ serviceContent: html }))).serviceContent as string;
    expect(stored).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|<style|iframe|position/i);
    expect(stored).toContain('<p style="text-align:center;color:#ff0000">标题</p>');
    expect(stored).toContain("<strong>粗体</strong><em>斜体</em><u>下划线</u>");
    expect(stored).toContain('<span style="font-size:16px;background-color:rgb(255, 255, 0)">高亮</span>');
    expect(stored).toContain('<a target="_blank" rel="noopener noreferrer nofollow">坏链接</a>');
    expect(stored).toContain('<a href="https://example.org/x" target="_blank" rel="noopener noreferrer nofollow">好链接</a>');
    expect(stored).toContain('<img src="/api/open/download/abc123" />');
    expect(stored).not.toContain('src="x"');
    expect(stored).toContain("<ul><li>一</li></ul><h2>小节</h2><blockquote>引用</blockquote>");
  });

  describe("the archive page", () => {
    let pageCompany: number;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      pageCompany = await createCompany(t.app, "分页测试企业");
      const rows: [string, Record<string, unknown>][] = [
        ["a", { researchers: "张三", contactPerson: "王经理", comprehensiveEvaluation: "excellent", serviceTime: "2026-01-05 09:00:00" }],
        ["b", { researchers: "李四", contactPerson: "赵总", comprehensiveEvaluation: "good", serviceTime: "2026-01-10 00:00:00" }],
        ["c", { researchers: "张三丰", contactPerson: "钱经理", comprehensiveEvaluation: "average", serviceTime: "2026-01-10 23:59:59" }],
        ["d", { researchers: "王五", contactPerson: "孙经理", comprehensiveEvaluation: "excellent", serviceTime: "2026-01-11 00:00:00" }],
        ["e", { researchers: "100%_张", contactPerson: "李经理", serviceTime: "2026-01-20 15:00:00" }],
      ];
      for (const [key, overrides] of rows) ids[key] = await add(overrides, staff, pageCompany);
      await add({}, staff, otherCompId);
    });

    const page = async (model: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
      const res = await call(t.app, staff, PAGE, { current: 1, model: { compId: pageCompany, ...model }, ...extra });
      expect(res.statusCode).toBe(200);
      return res.json().result as { records: { id: number }[]; total: number; current: number; size: number };
    };
    const idsOf = (result: { records: { id: number }[] }) => result.records.map((r) => r.id);

    it("lists the company's records, newest service time first, 10 to a page by default", async () => {
      const result = await page({});
      expect(result).toMatchObject({ total: 5, current: 1, size: 10 });
      expect(idsOf(result)).toEqual([ids.e, ids.d, ids.c, ids.b, ids.a]);
      expect(result.records[0]).toEqual({
        id: ids.e,
        compId: pageCompany,
        researchers: "100%_张",
        contactPerson: "李经理",
        contactPersonPhone: "13800138000",
        comprehensiveEvaluation: "average",
        serviceTime: "2026-01-20 15:00:00",
        createBy: "调研员甲",
        createDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        voided: false,
      });
    });

    it("pages", async () => {
      const second = await page({}, { current: 2, size: 2 });
      expect(second).toMatchObject({ total: 5, current: 2, size: 2 });
      expect(idsOf(second)).toEqual([ids.c, ids.b]);
      expect(idsOf(await page({}, { current: 4, size: 2 }))).toEqual([]);
      const tooBig = await call(t.app, staff, PAGE, { current: 1, size: 101, model: { compId: pageCompany } });
      expect(tooBig.statusCode).toBe(400);
    });

    it("sorts by service time either way, and pages in that order", async () => {
      const oldestFirst = [ids.a, ids.b, ids.c, ids.d, ids.e];
      expect(idsOf(await page({}, { orders: [{ column: "serviceTime", asc: true }] }))).toEqual(oldestFirst);
      expect(idsOf(await page({}, { current: 2, size: 2, orders: [{ column: "serviceTime", asc: true }] }))).toEqual([ids.c, ids.d]);
      expect(idsOf(await page({}, { orders: [{ column: "serviceTime", asc: false }] }))).toEqual([...oldestFirst].reverse());
      const byEvaluation = await call(t.app, staff, PAGE, { current: 1, model: { compId: pageCompany }, orders: [{ column: "comprehensiveEvaluation", asc: true }] });
      expect(byEvaluation.statusCode).toBe(400);
    });

    it("filters by researcher and contact person (contains, taken literally)", async () => {
      expect(idsOf(await page({ researchers: "张三" }))).toEqual([ids.c, ids.a]);
      expect(idsOf(await page({ researchers: "%_" }))).toEqual([ids.e]);
      expect(idsOf(await page({ contactPerson: "经理" }))).toEqual([ids.e, ids.d, ids.c, ids.a]);
      expect(idsOf(await page({ contactPerson: "赵" }))).toEqual([ids.b]);
    });

    it("filters by overall evaluation", async () => {
      expect(idsOf(await page({ comprehensiveEvaluation: "excellent" }))).toEqual([ids.d, ids.a]);
      expect(idsOf(await page({ comprehensiveEvaluation: "" }))).toHaveLength(5);
    });

    it("filters by service time from the first day's midnight to the end of the last day", async () => {
      expect(idsOf(await page({ serviceTimeBegin: "2026-01-10 00:00:00", serviceTimeEnd: "2026-01-10" }))).toEqual([ids.c, ids.b]);
      expect(idsOf(await page({ serviceTimeBegin: "2026-01-11" }))).toEqual([ids.e, ids.d]);
      expect(idsOf(await page({ serviceTimeEnd: "2026-01-05" }))).toEqual([ids.a]);
      const bad = await call(t.app, staff, PAGE, { current: 1, model: { compId: pageCompany, serviceTimeEnd: "2026-13-01" } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe("请输入正确的日期");
    });
  });

  it("refuses a member, and lets staff read and write", async () => {
    const forbidden = [
      await call(t.app, member, PAGE, { current: 1, model: { compId } }),
      await call(t.app, member, BY_ID(1)),
      await call(t.app, member, RELEASE, validRecord(compId)),
    ];
    for (const res of forbidden) expect(res.statusCode).toBe(403);
    expect((await call(t.app, staff, PAGE, { current: 1, model: { compId } })).statusCode).toBe(200);
  });
});
