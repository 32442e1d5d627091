import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MENUS, ROLES, RoleCode } from "../../../../contract/menus";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, signInAsAdmin } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";

describe.each(testDatabases())("roles on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it("lists every seeded role with the menu codes and data scope contract/menus.ts gives it", async () => {
    const admin = await signInAsAdmin(t.app);
    const res = await t.app.inject({ method: "POST", url: "/api/role/allData", headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const roles = res.json().result as { code: string; name: string; builtin: boolean; dataScope: string; menuCodes: string[] }[];
    const order = (codes: readonly string[]) => MENUS.map((m) => m.code).filter((code) => codes.includes(code));
    expect(roles).toEqual(ROLES.map((role) => ({ code: role.code, name: role.name, builtin: true, dataScope: role.dataScope, menuCodes: order(role.menus) })));
    expect(roles.find((r) => r.code === RoleCode.ADMIN)?.menuCodes).toHaveLength(MENUS.length);
  });

  it("is refused to a member", async () => {
    await createUser(t.app, { username: "roleMember", password: "Member-pass-1", roles: [RoleCode.MEMBER] });
    const member = await signIn(t.app, "roleMember", "Member-pass-1");
    const res = await t.app.inject({ method: "POST", url: "/api/role/allData", headers: member.headers });
    expect(res.statusCode).toBe(403);
  });
});
