import JSZip from "jszip";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { toDbTime } from "../../../../server/db/time";
import { VISIT_EXPORT_MAX_ROWS } from "../../../../server/modules/archive/visits/routes";
import { Visits } from "../../../../server/modules/archive/visits/service";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { validRecord } from "../serviceRecords/support";

const PASSWORD = "Visits-pass-1";
const LIST = "/api/archives/visits/listData";
const EXPORT = "/api/archives/visits/export";
const RELEASE = "/api/archives/releaseArchives";
const OUT_OF_SCOPE = { code: 403, message: "该企业不在您负责的范围内，无权查看或修改其档案" };

interface Row {
  id: number;
  compId: number;
  companyName: string;
  segment: string | null;
  researchers: string | null;
  comprehensiveEvaluation: string;
  serviceTime: string;
}

describe.each(testDatabases())("every visit across companies on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let wang: SignedIn;
  let li: SignedIn;
  let wangId: number;
  let liId: number;
  let memberId: number;
  /** Owned by Wang: design; by Li: manufacturing; by nobody: equipment. */
  let alpha: number;
  let beta: number;
  let gamma: number;

  const post = (who: SignedIn, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, headers: { ...who.headers, ...headers }, payload: payload as Record<string, unknown> });
  const list = async (who: SignedIn, model: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => {
    const res = await post(who, LIST, { current: 1, size: 100, model, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { records: Row[]; total: number; current: number; size: number };
  };
  const save = async (who: SignedIn, record: Record<string, unknown>) => {
    const res = await post(who, RELEASE, record);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.id as number;
  };

  async function company(name: string, segment: string | null, owners: number[]): Promise<number> {
    const now = toDbTime(t.app.dialect, new Date());
    const { id } = await t.app.db.insertInto("companies").values({ name, segment, createdAt: now, updatedAt: now }).returning("id").executeTakeFirstOrThrow();
    if (owners.length > 0) await t.app.db.insertInto("companyOwners").values(owners.map((userId) => ({ companyId: id, userId }))).execute();
    return id;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
    wangId = await createUser(t.app, { username: "visitWang", password: PASSWORD, roles: [RoleCode.STAFF], name: "王调研" });
    liId = await createUser(t.app, { username: "visitLi", password: PASSWORD, roles: [RoleCode.STAFF], name: "李调研" });
    memberId = await createUser(t.app, { username: "visitMember", password: PASSWORD, roles: [RoleCode.MEMBER], name: "会员甲" });
    wang = await signIn(t.app, "visitWang", PASSWORD);
    li = await signIn(t.app, "visitLi", PASSWORD);
    alpha = await company("甲芯片设计", "design", [wangId]);
    beta = await company("乙晶圆制造", "manufacturing", [liId]);
    gamma = await company("丙设备", "equipment", []);
    await save(wang, validRecord(alpha, { researchers: "外援甲", researcherIds: [wangId], serviceTime: "2026-01-05 10:00:00", comprehensiveEvaluation: "excellent" }));
    await save(wang, validRecord(alpha, { researchers: null, researcherIds: [wangId, liId], serviceTime: "2026-02-10 09:30:00", comprehensiveEvaluation: "good" }));
    await save(li, validRecord(beta, { researchers: "李调研", researcherIds: [liId], serviceTime: "2026-02-20 15:00:00", comprehensiveEvaluation: "average" }));
    // A SPEC 7 caller: the text only.
    await save(admin, validRecord(gamma, { researchers: "张三、李四", serviceTime: "2025-12-31 23:59:59", comprehensiveEvaluation: "excellent" }));
  });
  afterAll(() => t.close());

  it("lists every visit to administrators, newest service time first, with the company and its segment", async () => {
    const page = await list(admin);
    expect(page.total).toBe(4);
    expect(page.records.map((r) => [r.companyName, r.serviceTime])).toEqual([
      ["乙晶圆制造", "2026-02-20 15:00:00"],
      ["甲芯片设计", "2026-02-10 09:30:00"],
      ["甲芯片设计", "2026-01-05 10:00:00"],
      ["丙设备", "2025-12-31 23:59:59"],
    ]);
    expect(page.records[0]).toMatchObject({ compId: beta, segment: "manufacturing", researchers: "李调研", comprehensiveEvaluation: "average", contactPerson: "王经理" });
  });

  it("keeps the researchers text as the picked users' names and the free-text ones, and returns the users", async () => {
    const rows = (await list(admin, { compId: alpha })).records;
    expect(rows.map((r) => r.researchers)).toEqual(["王调研、李调研", "王调研、外援甲"]);
    const detail = (await t.app.inject({ method: "GET", url: `/api/archives/queryById/${rows[0].id}`, headers: admin.headers })).json().result;
    expect(detail).toMatchObject({ researcherIds: [wangId, liId], researcherUsers: [{ id: wangId, name: "王调研" }, { id: liId, name: "李调研" }] });
    // SPEC's contains filter of the archive keeps working on the names.
    const archive = (await post(admin, "/api/archives/queryArchivesPage", { current: 1, size: 10, model: { compId: alpha, researchers: "李调研" } })).json().result;
    expect(archive.total).toBe(1);
    const spec = (await list(admin, { compId: gamma })).records[0];
    const specDetail = (await t.app.inject({ method: "GET", url: `/api/archives/queryById/${spec.id}`, headers: admin.headers })).json().result;
    expect(specDetail).toMatchObject({ researchers: "张三、李四", researcherIds: [], researcherUsers: [] });
  });

  it("refuses a researcher who cannot use the archive, and keeps links a text-only edit still names", async () => {
    const refused = await post(wang, RELEASE, validRecord(alpha, { researcherIds: [memberId] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("调研人员须为可使用敲门服务档案的在用账号");
    expect((await post(wang, RELEASE, validRecord(alpha, { researcherIds: [999999] }))).statusCode).toBe(400);

    const id = await save(wang, validRecord(alpha, { researchers: "", researcherIds: [wangId, liId], serviceTime: "2024-06-01 08:00:00" }));
    // A SPEC 7 edit that sends only the text drops the links whose names it no longer holds.
    await save(wang, { ...validRecord(alpha, { researchers: "王调研、客人", serviceTime: "2024-06-01 08:00:00" }), id });
    const detail = (await t.app.inject({ method: "GET", url: `/api/archives/queryById/${id}`, headers: wang.headers })).json().result;
    expect(detail).toMatchObject({ researchers: "王调研、客人", researcherIds: [wangId] });
    expect((await list(admin, { researcherId: liId })).records.map((r) => r.id)).not.toContain(id);
    expect((await list(admin, { researcherId: wangId })).records.map((r) => r.id)).toContain(id);
    await t.app.db.deleteFrom("serviceRecords").where("id", "=", id).execute();
  });

  it("filters by company, researcher, date range, evaluation and segment", async () => {
    const names = async (model: Record<string, unknown>) => (await list(admin, model)).records.map((r) => `${r.companyName} ${r.serviceTime.slice(0, 10)}`);
    expect(await names({ compId: alpha })).toEqual(["甲芯片设计 2026-02-10", "甲芯片设计 2026-01-05"]);
    expect(await names({ researcherId: liId })).toEqual(["乙晶圆制造 2026-02-20", "甲芯片设计 2026-02-10"]);
    expect(await names({ serviceTimeBegin: "2026-01-05", serviceTimeEnd: "2026-02-10" })).toEqual(["甲芯片设计 2026-02-10", "甲芯片设计 2026-01-05"]);
    expect(await names({ serviceTimeBegin: "2025-12-31 23:59:59", serviceTimeEnd: "2025-12-31" })).toEqual(["丙设备 2025-12-31"]);
    expect(await names({ comprehensiveEvaluation: "excellent" })).toEqual(["甲芯片设计 2026-01-05", "丙设备 2025-12-31"]);
    expect(await names({ segment: "manufacturing" })).toEqual(["乙晶圆制造 2026-02-20"]);
    expect(await names({ segment: "", comprehensiveEvaluation: "" })).toHaveLength(4);
    expect(await names({ segment: "design", researcherId: liId, comprehensiveEvaluation: "good" })).toEqual(["甲芯片设计 2026-02-10"]);
    const bad = await post(admin, LIST, { current: 1, size: 10, model: { serviceTimeBegin: "2026-13-40" } });
    expect(bad.json()).toMatchObject({ code: 400, message: "请输入正确的日期" });
    expect((await post(admin, LIST, { current: 1, size: 10, model: { segment: "foundry" } })).statusCode).toBe(400);
  });

  it("leaves voided records out, as the statistics do, and filters by the company's district", async () => {
    const id = await save(wang, validRecord(alpha, { researcherIds: [wangId], serviceTime: "2026-03-01 10:00:00" }));
    expect((await list(admin, { compId: alpha })).total).toBe(3);
    const voided = await post(wang, "/api/archives/voidRecord", { id, reason: "误录" });
    expect(voided.statusCode, voided.body).toBe(200);
    const rows = (await list(admin, { compId: alpha })).records;
    expect(rows.map((r) => r.id)).not.toContain(id);
    expect(rows).toHaveLength(2);

    await t.app.db.updateTable("companies").set({ district: "510104" }).where("id", "=", beta).execute();
    expect((await list(admin, { district: "510104" })).records.map((r) => r.companyName)).toEqual(["乙晶圆制造"]);
    await t.app.db.updateTable("companies").set({ district: null }).where("id", "=", beta).execute();
  });

  it("shows staff only their own companies' visits, and refuses a company outside their scope", async () => {
    expect((await list(wang)).records.map((r) => r.compId)).toEqual([alpha, alpha]);
    expect((await list(li)).records.map((r) => r.compId)).toEqual([beta]);
    // Li researched a visit to Wang's company, but does not own it.
    expect((await list(li, { researcherId: liId })).records.map((r) => r.compId)).toEqual([beta]);
    expect((await post(wang, LIST, { current: 1, size: 10, model: { compId: beta } })).json()).toEqual(OUT_OF_SCOPE);
    expect((await post(wang, EXPORT, { model: { compId: gamma } })).json()).toEqual(OUT_OF_SCOPE);
    const member = await signIn(t.app, "visitMember", PASSWORD);
    expect((await post(member, LIST, { current: 1, size: 10 })).statusCode).toBe(403);
    expect((await post(member, EXPORT, {})).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/archives/researcherCandidates", headers: member.headers })).statusCode).toBe(403);
    const candidates = (await t.app.inject({ method: "GET", url: "/api/archives/researcherCandidates", headers: wang.headers })).json().result as { id: number }[];
    expect(candidates.map((c) => c.id)).toEqual(expect.arrayContaining([wangId, liId, admin.userId]));
    expect(candidates.map((c) => c.id)).not.toContain(memberId);
  });

  it("sorts by service time or company name, ties by the newest record", async () => {
    const order = async (orders: unknown) => (await list(admin, {}, { orders })).records.map((r) => `${r.companyName} ${r.serviceTime.slice(0, 10)}`);
    expect(await order([{ column: "serviceTime", asc: true }])).toEqual(["丙设备 2025-12-31", "甲芯片设计 2026-01-05", "甲芯片设计 2026-02-10", "乙晶圆制造 2026-02-20"]);
    const byName = await order([{ column: "companyName", asc: true }]);
    expect(byName.map((n) => n.split(" ")[0])).toEqual([...byName.map((n) => n.split(" ")[0])].sort());
    expect(new Set(byName.map((n) => n.split(" ")[0])).size).toBe(3);
    expect((await post(admin, LIST, { current: 1, size: 10, orders: [{ column: "researchers", asc: true }] })).statusCode).toBe(400);
  });

  it("bounds the page as the other lists do", async () => {
    const second = (await post(admin, LIST, { current: 2, size: 10 })).json().result;
    expect(second).toMatchObject({ records: [], total: 4, current: 2, size: 10 });
    const pageOfOne = await post(admin, LIST, { current: 1, size: 7 });
    expect(pageOfOne.statusCode).toBe(400);
    expect((await post(admin, LIST, { current: 1, size: 1001 })).statusCode).toBe(400);
    expect((await post(admin, LIST, { current: 0, size: 10 })).statusCode).toBe(400);
    expect((await post(admin, LIST, { current: 1, size: 1000 })).json().result.records).toHaveLength(4);
  });

  it("exports the filtered visits as .xlsx, columns and value sets in the caller's language", async () => {
    const res = await post(admin, EXPORT, { model: { comprehensiveEvaluation: "excellent" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(String(res.headers["content-disposition"])).toMatch(/filename\*=UTF-8''%E8%B5%B0%E8%AE%BF%E8%AE%B0%E5%BD%95-\d{8}\.xlsx$/);
    const sheet = (await (await JSZip.loadAsync(res.rawPayload)).file("xl/worksheets/sheet1.xml")?.async("string")) ?? "";
    expect(sheet.match(/<row /g)).toHaveLength(3);
    for (const cell of ["序号", "企业名称", "产业链环节", "调研人员", "综合评价", "服务时间", "甲芯片设计", "设计", "设备", "优秀", "王调研、外援甲", "张三、李四", "2026-01-05 10:00:00"]) {
      expect(sheet).toContain(`>${cell}</t>`);
    }
    expect(sheet).not.toContain(">excellent</t>");

    const en = await post(admin, EXPORT, { model: { segment: "design" } }, { "accept-language": "en" });
    expect(String(en.headers["content-disposition"])).toMatch(/filename\*=UTF-8''visit-records-\d{8}\.xlsx$/);
    const enSheet = (await (await JSZip.loadAsync(en.rawPayload)).file("xl/worksheets/sheet1.xml")?.async("string")) ?? "";
    for (const cell of ["No.", "Company", "Industry-chain segment", "Overall evaluation", "Design", "Excellent", "Good", "甲芯片设计"]) expect(enSheet).toContain(`>${cell}</t>`);
    expect(enSheet.match(/<row /g)).toHaveLength(3);

    // Staff export only what they see.
    const own = await post(wang, EXPORT, {});
    const ownSheet = (await (await JSZip.loadAsync(own.rawPayload)).file("xl/worksheets/sheet1.xml")?.async("string")) ?? "";
    expect(ownSheet.match(/<row /g)).toHaveLength(3);
    expect(ownSheet).not.toContain(">乙晶圆制造</t>");
  });

  it("exports each visit once though visits are recorded while the export is read", async () => {
    const visits = new Visits({ db: t.app.db, dialect: t.app.dialect, timeZone: t.app.config.timeZone });
    const read: number[] = [];
    let recorded = false;
    for await (const batch of visits.all({}, undefined, { ownerId: undefined }, VISIT_EXPORT_MAX_ROWS, 2)) {
      read.push(...batch.map((row) => row.id));
      if (recorded) continue;
      // The newest visit, recorded after the first batch was read: first in the list's order.
      recorded = true;
      await save(admin, validRecord(gamma, { serviceTime: "2026-03-01 08:00:00" }));
    }
    expect(read).toHaveLength(4);
    expect(new Set(read).size).toBe(4);
    expect((await list(admin)).total).toBe(5);

    // In the list's order, by company name too.
    const orders = [{ column: "companyName" as const, asc: true }];
    const byName: number[] = [];
    for await (const batch of visits.all({}, orders, { ownerId: undefined }, VISIT_EXPORT_MAX_ROWS, 2)) byName.push(...batch.map((row) => row.id));
    expect(byName).toEqual((await list(admin, {}, { orders })).records.map((row) => row.id));
  });

  it(`refuses to export more than ${VISIT_EXPORT_MAX_ROWS} visits, with a message saying so`, async () => {
    const many = await company("丁大批量", "materials", []);
    const time = toDbTime(t.app.dialect, new Date("2020-01-01T00:00:00Z"));
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${VISIT_EXPORT_MAX_ROWS + 1})
      insert into service_records (comp_id, cooperative_partner, belong_customer, business_opportunity, main_business, service_content, service_time, create_by, update_by)
      select ${many}, 'p', 'c', 'o', 'm', '<p>x</p>', ${time}, ${admin.userId}, ${admin.userId} from n`.execute(t.app.db);
    const res = await post(admin, EXPORT, { model: { segment: "materials" } });
    expect(res.json()).toEqual({ code: 400, message: `符合条件的走访记录超过 ${VISIT_EXPORT_MAX_ROWS} 条，请缩小筛选范围后再导出` });
    const en = await post(admin, EXPORT, { model: { compId: many } }, { "accept-language": "en" });
    expect(en.json().message).toBe(`More than ${VISIT_EXPORT_MAX_ROWS} visit records match; narrow the filter before exporting`);
    expect((await list(admin, { segment: "materials" }, { size: 10 })).total).toBe(VISIT_EXPORT_MAX_ROWS + 1);
  });
});
