import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { toDbTime } from "../../../../server/db/time";
import { giveToStaff } from "../../helpers/companies";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { BY_ID, DOCX_MAIN, PAGE, RELEASE, call, createCompany, officePackage, upload, validRecord } from "./support";

const HISTORY = "/api/archives/recordHistory";
const VOID = "/api/archives/voidRecord";
const TIMELINE = "/api/archives/timeline";

/** Issue 11 items 5 and 8: a saved record is corrected, never silently, and the company's timeline shows it. */
describe.each(testDatabases())("correcting visit records on %s", (kind) => {
  let t: TestApp;
  let author: SignedIn;
  let colleague: SignedIn;
  let admin: SignedIn;
  let compId: number;
  let foreignCompId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await createUser(t.app, { username: "fixAuthor", password: "Fix-pass-1", roles: [RoleCode.STAFF], name: "记录人" });
    await createUser(t.app, { username: "fixColleague", password: "Fix-pass-1", roles: [RoleCode.STAFF], name: "同事" });
    author = await signIn(t.app, "fixAuthor", "Fix-pass-1");
    colleague = await signIn(t.app, "fixColleague", "Fix-pass-1");
    admin = await signInAsAdmin(t.app);
    compId = await createCompany(t.app, "更正测试企业");
    // Owned by nobody: outside the staff's data scope.
    const now = toDbTime(t.app.dialect, new Date());
    foreignCompId = (
      await t.app.db.insertInto("companies").values({ name: "范围外企业", creditCode: null, address: null, createdAt: now, updatedAt: now }).returning("id").executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  async function add(overrides: Record<string, unknown> = {}, who = author, company = compId): Promise<number> {
    const res = await call(t.app, who, RELEASE, validRecord(company, overrides));
    expect(res.json()).toMatchObject({ code: 200, status: 1 });
    return res.json().result.id;
  }
  const byId = async (id: number, who = author) => (await call(t.app, who, BY_ID(id))).json().result;
  const history = async (id: number, who = author) => (await call(t.app, who, HISTORY, { current: 1, size: 50, model: { id } })).json().result;
  const edit = (who: SignedIn, id: number, body: Record<string, unknown>, language?: string) =>
    t.app.inject({
      method: "POST",
      url: RELEASE,
      headers: language ? { ...who.headers, "accept-language": language } : who.headers,
      payload: { id, compId, ...body },
    });

  it("lets the author edit with the version they read: only the fields sent change, each change kept with its editor", async () => {
    const id = await add({ comprehensiveEvaluation: "excellent", nextFollowTime: "2026-04-01 09:30:00" });
    const read = await byId(id);
    expect(read).toMatchObject({ version: 1, voided: false, editable: true });

    const res = await edit(author, id, { version: 1, contactPerson: "赵主任", comprehensiveEvaluation: "good" });
    expect(res.json()).toMatchObject({ code: 200, result: { id } });
    const after = await byId(id);
    expect(after).toMatchObject({
      version: 2,
      contactPerson: "赵主任",
      comprehensiveEvaluation: "good",
      // Left out of the edit: kept.
      nextFollowTime: "2026-04-01 09:30:00",
      researchers: "张三、李四",
      mainBusiness: "功率半导体器件设计",
    });

    const changes = await history(id);
    expect(changes.total).toBe(2);
    expect(changes.records.map((c: { field: string }) => c.field).sort()).toEqual(["comprehensiveEvaluation", "contactPerson"]);
    expect(changes.records).toContainEqual(expect.objectContaining({ field: "contactPerson", before: "王经理", after: "赵主任", editor: "记录人", version: 2 }));
    expect(changes.records).toContainEqual(expect.objectContaining({ field: "comprehensiveEvaluation", before: "excellent", after: "good" }));

    // Saving what is already there changes nothing: no new version, no history.
    await edit(author, id, { version: 2, contactPerson: "赵主任" });
    expect((await byId(id)).version).toBe(2);
    expect((await history(id)).total).toBe(2);
  });

  it("refuses a stale version with 409, naming who changed which fields, in the caller's language", async () => {
    const id = await add();
    expect((await edit(admin, id, { version: 1, contactPerson: "管理员改", businessOpportunity: "新商机" })).statusCode).toBe(200);

    const stale = await edit(author, id, { version: 1, contactPerson: "我的改动" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^保存失败：管理员 已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 修改了这条走访记录（(联系人、商机|商机、联系人)），请刷新后再编辑$/);
    const english = await edit(author, id, { version: 1, contactPerson: "我的改动" }, "en");
    expect(english.json().message).toMatch(/^Not saved: 管理员 changed this visit record at .+ \((Contact person, Business opportunity|Business opportunity, Contact person)\)/);
    expect((await byId(id)).contactPerson).toBe("管理员改");

    // Based on the version now stored, it goes through.
    expect((await edit(author, id, { version: 2, contactPerson: "我的改动" })).statusCode).toBe(200);
  });

  it("lets only the author and administrators edit or void a record", async () => {
    const id = await add();
    expect((await byId(id, colleague)).editable).toBe(false);
    const refused = await edit(colleague, id, { contactPerson: "同事改" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("只有记录的创建人和管理员可以修改或作废这条走访记录");
    const voiding = await call(t.app, colleague, VOID, { id, reason: "重复" });
    expect(voiding.statusCode).toBe(403);
    expect((await byId(id)).contactPerson).toBe("王经理");

    expect((await byId(id, admin)).editable).toBe(true);
    expect((await edit(admin, id, { contactPerson: "管理员改" })).statusCode).toBe(200);
  });

  it("keeps the attachment when an edit leaves it out, and records its removal by file name", async () => {
    const file = await upload(t.app, author, "纪要.docx", await officePackage(DOCX_MAIN));
    const id = await add({ attachment: file });
    expect((await edit(author, id, { contactPerson: "新联系人" })).statusCode).toBe(200);
    expect(await byId(id)).toMatchObject({ attachment: file, attachmentName: "纪要.docx" });

    expect((await edit(author, id, { attachment: null })).statusCode).toBe(200);
    expect((await byId(id)).attachment).toBeNull();
    expect((await history(id)).records[0]).toMatchObject({ field: "attachment", before: "纪要.docx", after: null });
  });

  it("keeps the free-text researchers when an edit sends only the users", async () => {
    const id = await add({ researcherIds: [author.userId], researchers: "外请专家" });
    expect((await byId(id)).researchers).toBe("记录人、外请专家");
    expect((await edit(author, id, { researcherIds: [author.userId, colleague.userId] })).statusCode).toBe(200);
    expect(await byId(id)).toMatchObject({ researchers: "记录人、同事、外请专家", researcherIds: [author.userId, colleague.userId] });
  });

  it("voids a record with a reason: it stays, marked, and can no longer be changed", async () => {
    const id = await add();
    const blank = await call(t.app, author, VOID, { id, reason: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("请填写作废原因");
    expect((await call(t.app, author, VOID, { id, reason: "重复录入", version: 7 })).statusCode).toBe(409);

    const done = await call(t.app, author, VOID, { id, reason: "重复录入", version: 1 });
    expect(done.json()).toMatchObject({ code: 200, message: "已作废" });
    const record = await byId(id);
    expect(record).toMatchObject({ voided: true, voidReason: "重复录入", voidedBy: "记录人", editable: false, version: 2 });
    expect((await history(id)).records[0]).toMatchObject({ field: "voided", before: null, after: "重复录入", editor: "记录人" });

    const page = (await call(t.app, author, PAGE, { current: 1, size: 100, model: { compId } })).json().result;
    expect(page.records.find((row: { id: number }) => row.id === id)).toMatchObject({ voided: true });

    const afterVoid = await edit(admin, id, { contactPerson: "再改" });
    expect(afterVoid.statusCode).toBe(409);
    expect(afterVoid.json().message).toBe("这条走访记录已作废，不能再修改");
    expect((await call(t.app, admin, VOID, { id, reason: "再次作废" })).statusCode).toBe(409);
    const log = await t.app.db.selectFrom("operationLogs").select("logAction").where("logAction", "=", "作废走访记录").executeTakeFirst();
    expect(log).toBeDefined();
  });

  it("answers 403 for the history, voiding and timeline of a company outside the caller's scope", async () => {
    const id = await add({}, admin, foreignCompId);
    for (const res of [
      await call(t.app, author, HISTORY, { current: 1, model: { id } }),
      await call(t.app, author, VOID, { id, reason: "不是我的" }),
      await call(t.app, author, TIMELINE, { current: 1, model: { compId: foreignCompId } }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
  });

  it("shows the company's timeline: visits, record edits and voidings, answer changes, newest first", async () => {
    const company = await createCompany(t.app, "动态测试企业");
    await giveToStaff(t.app, company);
    const older = await add({ serviceTime: "2020-01-01 10:00:00" }, author, company);
    const newer = await add({ serviceTime: "2020-02-01 10:00:00" }, author, company);
    await t.app.inject({ method: "POST", url: RELEASE, headers: author.headers, payload: { id: older, compId: company, contactPerson: "更正后" } });
    await call(t.app, author, VOID, { id: newer, reason: "走访取消" });
    const now = toDbTime(t.app.dialect, new Date());
    await t.app.db.insertInto("serviceDimensions").values({ serviceNo: "TL01", serviceName: "动态维度", isIp: 0, sort: 99 }).execute();
    await t.app.db.insertInto("serviceQuestions").values({ questionNo: "TL01-1", serviceNo: "TL01", question: "企业有几件发明专利？", isReq: 0, sort: 1, createBy: null, createDate: now }).execute();
    const question = { questionNo: "TL01-1", question: "企业有几件发明专利？" };
    {
      const saved = await t.app.inject({
        method: "POST",
        url: "/api/archives/serviceAnswer",
        headers: author.headers,
        payload: [{ compId: company, questionNo: question.questionNo, currentAnswer: "新的回答" }],
      });
      expect(saved.statusCode).toBe(200);
    }

    const page = (await call(t.app, author, TIMELINE, { current: 1, size: 20, model: { compId: company } })).json().result;
    const kinds = page.records.map((event: { kind: string }) => event.kind);
    // The changes were made now; the visits happened in 2020, so they come last, the newer first.
    expect(kinds.slice(-2)).toEqual(["visit", "visit"]);
    expect(page.records.at(-2)).toMatchObject({ recordId: newer, voided: true, researchers: "张三、李四", evaluation: "average", actor: "记录人" });
    expect(page.records.at(-1)).toMatchObject({ recordId: older, voided: false, time: "2020-01-01 10:00:00" });
    expect(page.records).toContainEqual(expect.objectContaining({ kind: "recordEdit", recordId: older, field: "contactPerson", before: "王经理", after: "更正后" }));
    expect(page.records).toContainEqual(expect.objectContaining({ kind: "recordVoid", recordId: newer, after: "走访取消" }));
    expect(page.records).toContainEqual(
      expect.objectContaining({ kind: "answer", questionNo: question.questionNo, question: question.question, before: "", after: "新的回答", recordId: null }),
    );
    expect(page.total).toBe(5);
    const times = page.records.map((event: { time: string }) => event.time);
    expect([...times].sort().reverse()).toEqual(times);

    const second = (await call(t.app, author, TIMELINE, { current: 2, size: 2, model: { compId: company } })).json().result;
    expect(second.records.map((e: { key: string }) => e.key)).toEqual(page.records.slice(2, 4).map((e: { key: string }) => e.key));
  });
});
