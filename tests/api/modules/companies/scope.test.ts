import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { toDbTime } from "../../../../server/db/time";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { validRecord } from "../serviceRecords/support";

const PASSWORD = "Scope-pass-1";
const OUT_OF_SCOPE = { code: 403, message: "该企业不在您负责的范围内，无权查看或修改其档案" };

describe.each(testDatabases())("the data scope on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let owner: SignedIn;
  let other: SignedIn;
  let member: SignedIn;
  let ownerId: number;
  let otherId: number;
  let compId: number;
  let otherCompId: number;
  let recordId: number;

  const post = (who: SignedIn, url: string, payload: unknown) =>
    t.app.inject({ method: "POST", url, headers: who.headers, payload: payload as Record<string, unknown> });
  const get = (who: SignedIn, url: string) => t.app.inject({ method: "GET", url, headers: who.headers });
  const setOwners = (who: SignedIn, id: number, ownerIds: number[]) => post(who, "/api/company/owners", { compId: id, ownerIds });

  async function company(name: string): Promise<number> {
    const now = toDbTime(t.app.dialect, new Date());
    return (await t.app.db.insertInto("companies").values({ name, createdAt: now, updatedAt: now }).returning("id").executeTakeFirstOrThrow()).id;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
    ownerId = await createUser(t.app, { username: "scopeOwner", password: PASSWORD, roles: [RoleCode.STAFF], name: "负责人甲" });
    otherId = await createUser(t.app, { username: "scopeOther", password: PASSWORD, roles: [RoleCode.STAFF], name: "调研员乙" });
    await createUser(t.app, { username: "scopeMember", password: PASSWORD, roles: [RoleCode.MEMBER] });
    owner = await signIn(t.app, "scopeOwner", PASSWORD);
    other = await signIn(t.app, "scopeOther", PASSWORD);
    member = await signIn(t.app, "scopeMember", PASSWORD);
    compId = await company("范围测试企业");
    otherCompId = await company("范围外企业");
    expect((await setOwners(admin, compId, [ownerId])).json()).toMatchObject({ code: 200, result: [{ id: ownerId, name: "负责人甲" }] });
    expect((await setOwners(admin, otherCompId, [otherId])).json()).toMatchObject({ code: 200 });
    const saved = await post(owner, "/api/archives/releaseArchives", validRecord(compId));
    expect(saved.statusCode).toBe(200);
    recordId = saved.json().result.id;
  });
  afterAll(() => t.close());

  /** Every archive call on compId (and its record) as `who`, by name, with its status. */
  async function archiveCalls(who: SignedIn): Promise<Record<string, number>> {
    const calls: Record<string, () => Promise<{ statusCode: number }>> = {
      page: () => post(who, "/api/archives/queryArchivesPage", { current: 1, size: 10, model: { compId } }),
      record: () => get(who, `/api/archives/queryById/${recordId}`),
      add: () => post(who, "/api/archives/releaseArchives", validRecord(compId)),
      edit: () => post(who, "/api/archives/releaseArchives", { ...validRecord(compId), id: recordId }),
      answers: () => post(who, "/api/archives/queryServiceAnswer", { current: 1, size: 1000, model: { compId } }),
      history: () => post(who, "/api/archives/queryServiceAnswer", { current: 1, size: 1000, model: { compId, questionNo: "ip01" } }),
      saveAnswers: () => post(who, "/api/archives/serviceAnswer", [{ compId, questionNo: "ip01", currentAnswer: "范围内的回答" }]),
      export: () => post(who, "/api/archives/queryReport", { compId }),
      company: () => get(who, `/api/company/${compId}`),
    };
    const statuses: Record<string, number> = {};
    for (const [name, send] of Object.entries(calls)) statuses[name] = (await send()).statusCode;
    return statuses;
  }

  it("lets the owner and administrators reach the company's archive, and refuses every call to other staff", async () => {
    for (const who of [owner, admin]) {
      for (const [name, status] of Object.entries(await archiveCalls(who))) expect({ name, status }).toEqual({ name, status: 200 });
    }
    for (const [name, status] of Object.entries(await archiveCalls(other))) expect({ name, status }).toEqual({ name, status: 403 });
    expect((await post(other, "/api/archives/queryArchivesPage", { current: 1, size: 10, model: { compId } })).json()).toEqual(OUT_OF_SCOPE);
  });

  it("does not let an edit move a record between companies across the scope", async () => {
    // The other staff member owns otherCompId, not the record's company.
    const moved = await post(other, "/api/archives/releaseArchives", { ...validRecord(otherCompId), id: recordId });
    expect(moved.json()).toEqual(OUT_OF_SCOPE);
    // Nor may the record's owner move it into a company they do not own.
    expect((await post(owner, "/api/archives/releaseArchives", { ...validRecord(otherCompId), id: recordId })).statusCode).toBe(403);
    expect((await get(admin, `/api/archives/queryById/${recordId}`)).json().result.compId).toBe(compId);
  });

  it("lists only a staff member's own companies in the finder, every company to administrators", async () => {
    const names = async (who: SignedIn) =>
      ((await post(who, "/api/company/search", { keywords: "企业", current: 1, size: 50 })).json().result.records as { name: string }[]).map((r) => r.name);
    expect(await names(owner)).toEqual(["范围测试企业"]);
    expect(await names(other)).toEqual(["范围外企业"]);
    expect(await names(admin)).toEqual(expect.arrayContaining(["范围测试企业", "范围外企业"]));
    const row = (await post(admin, "/api/company/search", { keywords: "范围测试企业", current: 1, size: 10 })).json().result.records[0];
    expect(row.owners).toEqual([{ id: ownerId, name: "负责人甲" }]);
  });

  it("takes a change of owners at the next call", async () => {
    expect((await setOwners(admin, compId, [ownerId, otherId])).json().result.map((o: { id: number }) => o.id).sort()).toEqual([ownerId, otherId].sort());
    // Now in scope: everything but editing the owner's record, which only its author and administrators change.
    expect(await archiveCalls(other)).toEqual({ page: 200, record: 200, add: 200, edit: 403, answers: 200, history: 200, saveAnswers: 200, export: 200, company: 200 });
    expect((await setOwners(admin, compId, [otherId])).statusCode).toBe(200);
    expect((await post(owner, "/api/archives/queryArchivesPage", { current: 1, size: 10, model: { compId } })).json()).toEqual(OUT_OF_SCOPE);
    expect((await get(admin, `/api/company/${compId}`)).json().result.owners).toEqual([{ id: otherId, name: "调研员乙" }]);
    expect((await setOwners(admin, compId, [ownerId])).statusCode).toBe(200);
  });

  it("takes only active accounts that use the archive as owners, and only from administrators", async () => {
    expect((await setOwners(admin, compId, [member.userId])).json()).toEqual({ code: 400, message: "负责人须为可使用敲门服务档案的在用账号" });
    expect((await setOwners(admin, compId, [999999])).statusCode).toBe(400);
    expect((await setOwners(admin, 999999, [ownerId])).json()).toMatchObject({ code: 404, message: "企业不存在" });
    expect((await setOwners(owner, compId, [ownerId, otherId])).statusCode).toBe(403);
    expect((await setOwners(admin, compId, Array.from({ length: 51 }, (_, i) => i + 1))).statusCode).toBe(400);
    // The refused calls changed nothing.
    expect((await get(admin, `/api/company/${compId}`)).json().result.owners).toEqual([{ id: ownerId, name: "负责人甲" }]);

    const candidates = (await get(admin, "/api/company/ownerCandidates")).json().result as { id: number }[];
    expect(candidates.map((c) => c.id)).toEqual(expect.arrayContaining([ownerId, otherId, admin.userId]));
    expect(candidates.map((c) => c.id)).not.toContain(member.userId);
    expect((await get(owner, "/api/company/ownerCandidates")).statusCode).toBe(403);
  });

  it("gives each role its data scope: administrators all companies, staff and members their own", async () => {
    const roles = (await post(admin, "/api/role/allData", {})).json().result as { code: string; dataScope: string }[];
    expect(Object.fromEntries(roles.map((r) => [r.code, r.dataScope]))).toMatchObject({ admin: "all", staff: "own", member: "own" });
  });
});
