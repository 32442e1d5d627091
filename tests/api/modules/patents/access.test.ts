import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { testDatabases } from "../../helpers/databases";
import { signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { HANDMADE } from "./fixtures";
import { cells, memberOf, patsnapXlsx, search, startImport, userWithRole } from "./support";

describe.each(testDatabases())("who may search and import patents on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it("lets a member search only once its company is certified, with the reason otherwise", async () => {
    const none = await memberOf(t.app, "memberNone", null, null);
    const pending = await memberOf(t.app, "memberPending", null, "submitted");
    const certified = await memberOf(t.app, "memberCertified", null, "approved");
    const refused = await search(t.app, none, { q: "芯片" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("请先完成企业认证");
    expect((await search(t.app, pending, { q: "芯片" })).statusCode).toBe(403);
    const english = await t.app.inject({ method: "POST", url: "/api/patents/stats", headers: { ...none.headers, "accept-language": "en" }, payload: {} });
    expect(english.statusCode).toBe(403);
    expect(english.json().message).not.toMatch(/[\u4e00-\u9fff]/u);
    expect((await search(t.app, certified, { q: "芯片" })).statusCode).toBe(200);
  });

  it("lets staff, managers, analysts and administrators search", async () => {
    for (const role of [RoleCode.STAFF, RoleCode.MANAGER, RoleCode.ANALYST]) {
      const who = await userWithRole(t.app, `searcher_${role}`, role);
      expect((await search(t.app, who, { q: "晶圆" })).statusCode, role).toBe(200);
    }
    expect((await search(t.app, await signInAsAdmin(t.app), {})).statusCode).toBe(200);
  });

  it("lets only administrators and analysts import", async () => {
    const file = await patsnapXlsx(HANDMADE.slice(0, 1).map(cells));
    const callers: [string, SignedIn, number][] = [
      ["staff", await userWithRole(t.app, "importStaff", RoleCode.STAFF), 403],
      ["manager", await userWithRole(t.app, "importManager", RoleCode.MANAGER), 403],
      ["member", await memberOf(t.app, "importMember", null, "approved"), 403],
      ["analyst", await userWithRole(t.app, "importAnalyst", RoleCode.ANALYST), 200],
      ["administrator", await signInAsAdmin(t.app), 200],
    ];
    for (const [name, who, status] of callers) {
      expect((await startImport(t.app, who, file, "one.xlsx")).statusCode, name).toBe(status);
      expect((await t.app.inject({ method: "GET", url: "/api/patents/presets", headers: who.headers })).statusCode, name).toBe(status);
    }
    expect((await t.app.inject({ method: "POST", url: "/api/patents/search", payload: { current: 1, size: 10 } })).statusCode).toBe(401);
  });
});
