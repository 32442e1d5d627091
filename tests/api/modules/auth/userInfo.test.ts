import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MENUS, ROLES, RoleCode } from "../../../../contract/menus";
import { addUserInfoEnricher } from "../../../../server/modules/auth/userInfo";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, signInAsAdmin } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";

const PASSWORD = "Member-pass-1";
const ENRICHED = "enriched";

/** The menus of the given roles as getUserMenus answers them: once each, by sort. */
function expectedMenus(...roles: string[]) {
  const codes = new Set(ROLES.filter((r) => roles.includes(r.code)).flatMap((r) => r.menus));
  return MENUS.filter((m) => codes.has(m.code))
    .sort((a, b) => a.sort - b.sort)
    .map((m) => ({ menuCode: m.code, name: m.name, path: m.path, parentCode: m.parent, type: m.type, sort: m.sort }));
}

describe.each(testDatabases())("user info and menus on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      // Another module adds what it knows; here, only for one user so the others show the defaults.
      routes: (app) =>
        addUserInfoEnricher(app, async (info) => (info.username === ENRICHED ? { company: { id: 7, name: "芯片科技有限公司" }, certification: { state: "reviewing", rejectReason: null } } : {})),
    });
  });
  afterAll(() => t.close());

  const menus = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/user/getUserMenus", headers });
  const info = (headers: Record<string, string>) => t.app.inject({ method: "POST", url: "/uaa/accounts/getUserInfo", headers });

  it("answers the signed-in user's info", async () => {
    const admin = await signInAsAdmin(t.app);
    const res = await info(admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      message: "success",
      result: {
        id: admin.userId,
        username: "admin",
        name: "管理员",
        avatar: null,
        mobile: null,
        email: null,
        roles: ["admin"],
        company: null,
        certification: null,
        mustChangePassword: false,
      },
    });
  });

  it("adds what the enrichers know, with the user's own fields", async () => {
    const id = await createUser(t.app, { username: ENRICHED, password: PASSWORD, roles: ["member"], name: "张三", mobile: "13800138000" });
    await t.database.db.updateTable("users").set({ avatarFileId: "0123456789abcdef0123456789abcdef", mustChangePassword: 1 }).where("id", "=", id).execute();
    const res = await info((await signIn(t.app, ENRICHED, PASSWORD)).headers);
    expect(res.json().result).toEqual({
      id,
      username: ENRICHED,
      name: "张三",
      avatar: "0123456789abcdef0123456789abcdef",
      mobile: "13800138000",
      email: null,
      roles: ["member"],
      company: { id: 7, name: "芯片科技有限公司" },
      certification: { state: "reviewing", rejectReason: null },
      mustChangePassword: true,
    });
  });

  it("answers the e-mail the user saved, as the account page reads it after a reload", async () => {
    await createUser(t.app, { username: "mailer", password: PASSWORD, roles: ["member"] });
    const who = await signIn(t.app, "mailer", PASSWORD);
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/user/changePersonInfo",
      headers: who.headers,
      payload: { email: "mailer@example.com" },
    });
    expect(saved.statusCode).toBe(200);
    expect((await info(who.headers)).json().result.email).toBe("mailer@example.com");
  });

  it("gives the administrator every menu, by sort", async () => {
    const res = await menus((await signInAsAdmin(t.app)).headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: "success", result: expectedMenus(RoleCode.ADMIN) });
    expect(res.json().result).toHaveLength(MENUS.length);
  });

  it("gives a member only the member's menus", async () => {
    await createUser(t.app, { username: "member1", password: PASSWORD, roles: ["member"] });
    const result = (await menus((await signIn(t.app, "member1", PASSWORD)).headers)).json().result;
    expect(result).toEqual(expectedMenus(RoleCode.MEMBER));
    expect(result.map((m: { menuCode: string }) => m.menuCode)).toEqual(["patnavi", "userCenter", "userCenter:certification", "patents"]);
  });

  it("lists a menu two roles share once", async () => {
    await createUser(t.app, { username: "twohats", password: PASSWORD, roles: ["member", "staff"] });
    const result = (await menus((await signIn(t.app, "twohats", PASSWORD)).headers)).json().result;
    expect(result).toEqual(expectedMenus(RoleCode.MEMBER, RoleCode.STAFF));
    expect(result.filter((m: { menuCode: string }) => m.menuCode === "userCenter")).toHaveLength(1);
  });

  it("answers nothing without a signed-in user", async () => {
    expect((await menus({})).json()).toEqual({ code: 40101, message: "登录已失效，请重新登录" });
    expect((await info({})).statusCode).toBe(401);
  });
});
