import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MenuCode, RoleCode } from "../../../../contract/menus";
import { toDbTime } from "../../../../server/db/time";
import { flushLogs } from "../../../../server/modules/logs/writer";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { CAPTCHA_ENV, passwordSignIn } from "../auth/support";
import { call, DATE_TIME, USER_INFO } from "./support";

const PASSWORD = "Member-pass-1";
const SESSION_ENDED = { code: 41202, message: "会话已结束，请重新登录" };
const CHANGE_FIRST = { code: 40302, message: "请先修改初始密码" };

describe.each(testDatabases())("user administration on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let serial = 0;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: CAPTCHA_ENV });
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>, who = admin) => call(t.app, who, url, payload);
  const uniqueMobile = () => `139${String(Date.now() % 1e6).padStart(6, "0")}${String(++serial % 100).padStart(2, "0")}`;

  async function member(overrides: { roles?: (typeof RoleCode)[keyof typeof RoleCode][]; mobile?: string | null; name?: string } = {}) {
    const username = `user${++serial}x`;
    const id = await createUser(t.app, { username, password: PASSWORD, roles: overrides.roles ?? [RoleCode.MEMBER], name: overrides.name, mobile: overrides.mobile });
    return { id, username, session: await signIn(t.app, username, PASSWORD) };
  }

  async function company(name: string, creditCode: string | null = null): Promise<number> {
    const now = toDbTime(t.app.dialect, new Date());
    const row = await t.app.db.insertInto("companies").values({ name, creditCode, createdAt: now, updatedAt: now }).returning("id").executeTakeFirstOrThrow();
    return row.id;
  }

  describe("list", () => {
    it("pages accounts newest first with roles, company and dates, and filters them", async () => {
      const companyName = `列表测试企业${serial}`;
      const companyId = await company(companyName);
      const a = await member({ name: "张列表", mobile: "13811112222" });
      await t.app.db.updateTable("users").set({ companyId }).where("id", "=", a.id).execute();
      const b = await member({ name: "李列表", roles: [RoleCode.STAFF] });

      const page = await post("/api/user/listData", { current: 1, size: 2, model: {} });
      expect(page.statusCode).toBe(200);
      const body = page.json().result;
      expect(body.current).toBe(1);
      expect(body.size).toBe(2);
      expect(body.total).toBeGreaterThanOrEqual(3);
      expect(body.records.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
      const rowA = body.records[1];
      expect(rowA).toMatchObject({
        username: a.username,
        name: "张列表",
        mobile: "13811112222",
        status: "enabled",
        roles: [{ code: "member", name: "会员企业" }],
        company: { id: companyId, name: companyName },
      });
      expect(rowA.createdDate).toMatch(DATE_TIME);
      expect(rowA.lastSignInDate).toMatch(DATE_TIME);

      const ids = async (model: Record<string, unknown>) =>
        (await post("/api/user/listData", { current: 1, size: 1000, model })).json().result.records.map((r: { id: number }) => r.id);
      expect(await ids({ name: "列表" })).toEqual([b.id, a.id]);
      expect(await ids({ mobile: "1111222" })).toEqual([a.id]);
      expect(await ids({ roleCode: RoleCode.STAFF, name: "列表" })).toEqual([b.id]);
      expect(await ids({ keyword: a.username.toUpperCase() })).toEqual([a.id]);
      expect(await ids({ status: "disabled", name: "列表" })).toEqual([]);
      // LIKE wildcards are matched literally.
      expect(await ids({ name: "%" })).toEqual([]);
    });

    it("sorts by the columns the list offers, empty sign-in dates last either way, and refuses any other", async () => {
      const names = ["排序乙", "排序甲", "排序丙"];
      await member({ name: names[0] });
      await member({ name: names[1] });
      // The third has never signed in.
      await createUser(t.app, { username: `user${++serial}x`, password: PASSWORD, roles: [RoleCode.MEMBER], name: names[2] });
      const never = names[2];
      const list = async (orders: unknown) => {
        const res = await post("/api/user/listData", { current: 1, size: 1000, model: { name: "排序" }, orders });
        expect(res.statusCode).toBe(200);
        return res.json().result.records.map((r: { name: string }) => r.name);
      };
      const byCode = [...names].sort();
      expect(await list([{ column: "name", asc: true }])).toEqual(byCode);
      expect(await list([{ column: "name", asc: false }])).toEqual([...byCode].reverse());
      expect(await list([{ column: "createdDate", asc: true }])).toEqual(names);
      expect((await list([{ column: "lastSignInDate", asc: true }])).at(-1)).toBe(never);
      expect((await list([{ column: "lastSignInDate", asc: false }])).at(-1)).toBe(never);

      for (const orders of [[{ column: "password", asc: true }], [{ column: "name" }], "name"]) {
        const res = await post("/api/user/listData", { current: 1, size: 10, model: {}, orders });
        expect(res.statusCode).toBe(400);
      }
    });

    it("refuses a page size above 1000 and callers without the user list", async () => {
      expect((await post("/api/user/listData", { current: 1, size: 1001, model: {} })).statusCode).toBe(400);
      const m = await member();
      const res = await post("/api/user/listData", { current: 1, size: 10, model: {} }, m.session);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, message: "没有权限执行此操作" });
    });
  });

  describe("create and edit", () => {
    it("creates an account with a generated password that must be changed at the first sign-in", async () => {
      const companyId = await company(`新建用户企业${serial}`);
      const mobile = uniqueMobile();
      const res = await post("/api/user/edit", { username: "newStaff1", name: "新同事", mobile, roleCodes: [RoleCode.STAFF], companyId });
      expect(res.statusCode).toBe(200);
      const { code, status, result } = res.json();
      expect({ code, status }).toEqual({ code: 200, status: 1 });
      expect(result.initialPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{16}$/);

      const signedIn = await passwordSignIn(t.app, "newStaff1", result.initialPassword);
      expect(signedIn.statusCode).toBe(200);
      const headers = { authorization: `bearer ${signedIn.json().access_token as string}` };
      const info = await t.app.inject({ method: "POST", url: USER_INFO, headers });
      expect(info.json().result).toMatchObject({ mustChangePassword: true, roles: [RoleCode.STAFF], company: { id: companyId } });
      expect((await t.app.inject({ method: "GET", url: "/api/user/getUserMenus", headers })).statusCode).toBe(200);
      const blocked = await t.app.inject({ method: "POST", url: "/api/user/changePersonInfo", headers, payload: { name: "改名" } });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject(CHANGE_FIRST);

      const changed = await t.app.inject({
        method: "POST",
        url: "/patnavi/ucenter/rest/user/passwd",
        headers,
        payload: { oldPassword: result.initialPassword, newPassword: "Changed-pass-1" },
      });
      expect(changed.statusCode).toBe(200);
      expect((await t.app.inject({ method: "POST", url: "/api/user/changePersonInfo", headers, payload: { name: "改名" } })).statusCode).toBe(200);
    });

    it("logs an addition as 新增用户 and an edit as 修改用户", async () => {
      const created = await post("/api/user/edit", { username: "loggedUser1", name: "记录人", roleCodes: [RoleCode.STAFF] });
      const id = created.json().result.id as number;
      expect((await post("/api/user/edit", { id, name: "记录人乙", roleCodes: [RoleCode.STAFF] })).statusCode).toBe(200);
      await flushLogs(t.app);
      const rows = await t.app.db
        .selectFrom("operationLogs")
        .select(["logAction", "params"])
        .where("path", "=", "/api/user/edit")
        .orderBy("id", "asc")
        .execute();
      const actions = rows.filter((r) => r.params?.includes("记录人")).map((r) => r.logAction);
      expect(actions).toEqual(["新增用户", "修改用户"]);
    });

    it("refuses a taken username or mobile, unknown roles or companies, and bad values", async () => {
      const existing = await member({ mobile: uniqueMobile() });
      const mobile = (await t.app.db.selectFrom("users").select("mobile").where("id", "=", existing.id).executeTakeFirstOrThrow()).mobile;
      const create = (body: Record<string, unknown>) => post("/api/user/edit", { username: "freshUser9", name: "某人", roleCodes: [RoleCode.MEMBER], ...body });
      const expectRefusal = async (body: Record<string, unknown>, statusCode: number, message: string) => {
        const res = await create(body);
        expect(res.statusCode).toBe(statusCode);
        expect(res.json().message).toBe(message);
      };
      await expectRefusal({ username: existing.username }, 409, "用户名已被占用");
      await expectRefusal({ username: "admin" }, 409, "用户名已被占用");
      await expectRefusal({ mobile }, 409, "手机号已被其他账号使用");
      await expectRefusal({ username: "9bad" }, 400, "用户名须以字母开头，由 4-20 位字母、数字或下划线组成");
      await expectRefusal({ mobile: "12345" }, 400, "请输入正确的手机号");
      await expectRefusal({ roleCodes: [] }, 400, "请至少选择一个角色");
      await expectRefusal({ roleCodes: ["nobody"] }, 400, "角色“nobody”不存在");
      await expectRefusal({ companyId: 999_999 }, 400, "所选企业不存在");
      await expectRefusal({ name: "  " }, 400, "姓名不能为空");
      await expectRefusal({ username: undefined }, 400, "请输入用户名");
    });

    it("edits name, mobile, roles and company, and sets roles alone", async () => {
      const target = await member({ mobile: uniqueMobile() });
      const companyId = await company(`编辑企业${serial}`);
      const mobile = uniqueMobile();
      const res = await post("/api/user/edit", { id: target.id, name: "新名字", mobile, roleCodes: [RoleCode.STAFF, RoleCode.MEMBER], companyId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 1,
        result: { id: target.id, name: "新名字", mobile, roles: [{ code: "member" }, { code: "staff" }], company: { id: companyId } },
      });
      // The caller's menus follow at the next call.
      const menus = await call(t.app, target.session, "/api/user/getUserMenus");
      expect(menus.json().result.map((m: { menuCode: string }) => m.menuCode)).toContain(MenuCode.SERVICE_FILES);

      const cleared = await post("/api/user/edit", { id: target.id, name: "新名字", roleCodes: [RoleCode.MEMBER] });
      expect(cleared.json().result).toMatchObject({ mobile: null, company: null, roles: [{ code: "member" }] });

      const roles = await post("/api/user/release/conf", { id: target.id, roleCodes: [RoleCode.STAFF] });
      expect(roles.json()).toMatchObject({ status: 1, result: { roles: [{ code: "staff", name: "协会工作人员" }] } });
      expect((await post("/api/user/release/conf", { id: 999_999, roleCodes: [RoleCode.STAFF] })).statusCode).toBe(404);
    });
  });

  describe("disable and enable", () => {
    it("ends the user's sessions at once, refuses their sign-in, and lets them back when enabled", async () => {
      const target = await member();
      expect((await call(t.app, target.session, USER_INFO, {})).statusCode).toBe(200);

      const res = await post("/api/user/disabled", { id: target.id });
      expect(res.json()).toMatchObject({ code: 200, status: 1, result: { id: target.id, status: "disabled" } });
      const next = await call(t.app, target.session, USER_INFO, {});
      expect(next.statusCode).toBe(401);
      expect(next.json()).toMatchObject(SESSION_ENDED);
      const revoked = await t.app.db.selectFrom("authSessions").select(["revokedAt", "revokeReason"]).where("id", "=", target.session.sessionId).executeTakeFirstOrThrow();
      expect(revoked.revokeReason).toBe("disabled");

      const refused = await passwordSignIn(t.app, target.username, PASSWORD);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("账号已被停用");

      expect((await post("/api/user/enabled", { id: target.id })).json().result.status).toBe("enabled");
      expect((await passwordSignIn(t.app, target.username, PASSWORD)).statusCode).toBe(200);
    });

    it("refuses to disable or delete oneself", async () => {
      const self = await t.app.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow();
      const disabled = await post("/api/user/disabled", { id: self.id });
      expect(disabled.statusCode).toBe(400);
      expect(disabled.json().message).toBe("不能停用自己的账号");
      const deleted = await call(t.app, admin, `/api/user/del/${self.id}`);
      expect(deleted.statusCode).toBe(400);
      expect(deleted.json().message).toBe("不能删除自己的账号");
    });
  });

  describe("the last active administrator", () => {
    it("cannot be disabled, deleted or lose the administrator role", async () => {
      const self = await t.app.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow();
      // A role that may manage users without being an administrator, so that someone else can try.
      const role = await t.app.db.insertInto("roles").values({ code: "userKeeper", name: "用户维护", builtin: 0, createdAt: toDbTime(t.app.dialect, new Date()) }).returning("id").executeTakeFirstOrThrow();
      const menus = await t.app.db.selectFrom("menus").select("id").where("code", "in", [MenuCode.ADMIN_USERS, MenuCode.ADMIN_USERS_EDIT]).execute();
      await t.app.db.insertInto("roleMenus").values(menus.map((m) => ({ roleId: role.id, menuId: m.id }))).execute();
      const keeper = await member();
      await post("/api/user/release/conf", { id: keeper.id, roleCodes: ["userKeeper"] });

      const expectRefusal = async (res: Awaited<ReturnType<typeof post>>, message: string) => {
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(message);
      };
      await expectRefusal(await post("/api/user/disabled", { id: self.id }, keeper.session), "不能停用最后一个启用的管理员");
      await expectRefusal(await call(t.app, keeper.session, `/api/user/del/${self.id}`), "不能删除最后一个启用的管理员");
      await expectRefusal(await post("/api/user/release/conf", { id: self.id, roleCodes: [RoleCode.STAFF] }), "不能取消最后一个启用的管理员的管理员角色");
      await expectRefusal(await post("/api/user/edit", { id: self.id, name: "管理员", roleCodes: [RoleCode.MEMBER] }), "不能取消最后一个启用的管理员的管理员角色");
      const after = await call(t.app, admin, USER_INFO, {});
      expect(after.json().result).toMatchObject({ roles: [RoleCode.ADMIN] });

      // With a second administrator, the first may be disabled; the second is then the last.
      const second = await member({ roles: [RoleCode.ADMIN] });
      expect((await post("/api/user/disabled", { id: self.id }, keeper.session)).statusCode).toBe(200);
      await expectRefusal(await post("/api/user/disabled", { id: second.id }, keeper.session), "不能停用最后一个启用的管理员");
      await t.app.db.updateTable("users").set({ status: "enabled" }).where("id", "=", self.id).execute();
      admin = await signInAsAdmin(t.app);
      await post("/api/user/release/conf", { id: second.id, roleCodes: [RoleCode.MEMBER] });
    });
  });

  describe("delete", () => {
    it("ends the account but keeps its name on what it wrote, and frees its mobile", async () => {
      const mobile = uniqueMobile();
      const author = await member({ name: "老作者", mobile });
      const now = toDbTime(t.app.dialect, new Date());
      await t.app.db.insertInto("files").values({ id: "f".repeat(32), originalName: "执照.png", mimeType: "image/png", size: 1, sha256: "0".repeat(64), storageName: "x", createdBy: author.id, createdAt: now }).execute();
      await t.app.db
        .insertInto("certifications")
        .values({ userId: author.id, companyName: "作者企业", creditCode: "91510100MA61AB12C3", contactPerson: "老作者", contactPhone: mobile, licenseFileId: "f".repeat(32), state: "submitted", createdAt: now, updatedAt: now })
        .execute();

      const res = await call(t.app, admin, `/api/user/del/${author.id}`);
      expect(res.json()).toMatchObject({ code: 200, status: 1, result: null });

      expect((await call(t.app, author.session, USER_INFO, {})).json()).toMatchObject(SESSION_ENDED);
      expect((await passwordSignIn(t.app, author.username, PASSWORD)).json().message).toBe("用户名或密码错误");
      const listed = await post("/api/user/listData", { current: 1, size: 1000, model: { keyword: author.username } });
      expect(listed.json().result.total).toBe(0);
      const applications = await post("/api/certification/list", { current: 1, size: 1000 });
      expect(applications.json().result.records.find((r: { userId: number }) => r.userId === author.id)).toMatchObject({ username: author.username, name: "老作者" });
      const row = await t.app.db.selectFrom("users").select(["mobile", "deletedMobile", "deleted"]).where("id", "=", author.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ mobile: null, deletedMobile: mobile, deleted: 1 });

      const reused = await post("/api/user/edit", { username: `heir${serial}`, name: "继任者", mobile, roleCodes: [RoleCode.MEMBER] });
      expect(reused.statusCode).toBe(200);
      expect((await call(t.app, admin, `/api/user/del/${author.id}`)).statusCode).toBe(404);
      expect((await post("/api/user/enabled", { id: author.id })).statusCode).toBe(404);
    });
  });

  describe("reset password", () => {
    it("generates a password shown once, ends the sessions, lifts the lockout and forces a change", async () => {
      const target = await member();
      await t.app.db.updateTable("users").set({ failedLoginCount: 3, lockedUntil: toDbTime(t.app.dialect, new Date(Date.now() + 600_000)) }).where("id", "=", target.id).execute();

      const res = await post("/api/user/resetPwd", { id: target.id });
      expect(res.json()).toMatchObject({ code: 200, status: 1 });
      const { password } = res.json().result;
      expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{16}$/);
      expect((await call(t.app, target.session, USER_INFO, {})).json()).toMatchObject(SESSION_ENDED);
      expect((await passwordSignIn(t.app, target.username, PASSWORD)).statusCode).toBe(400);

      const again = await passwordSignIn(t.app, target.username, password);
      expect(again.statusCode).toBe(200);
      const headers = { authorization: `bearer ${again.json().access_token as string}` };
      expect((await t.app.inject({ method: "POST", url: USER_INFO, headers })).json().result.mustChangePassword).toBe(true);
      const blocked = await t.app.inject({ method: "GET", url: "/api/certification/mine", headers });
      expect(blocked.json()).toMatchObject(CHANGE_FIRST);
      expect((await t.app.inject({ method: "GET", url: "/uaa/identity/logout", headers })).statusCode).toBe(200);
      expect((await post("/api/user/resetPwd", { id: 999_999 })).statusCode).toBe(404);
    });
  });
});
