import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { verifyPassword } from "../../../../server/security/password";
import { flushLogs } from "../../../../server/modules/logs/writer";
import { testDatabases } from "../../helpers/databases";
import { createUser } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { smsCode, wrongCode } from "../sms/outbox";
import { PASSWORD } from "./support";

describe.each(testDatabases())("registration on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  let serial = 0;
  const newMobile = () => `1370000${String(++serial).padStart(4, "0")}`;

  const register = (payload: Record<string, unknown>, url = "/api/user/register") => t.app.inject({ method: "POST", url, payload });

  /** A complete registration for a fresh number, with its code already sent. */
  async function application(overrides: Record<string, unknown> = {}) {
    const mobile = (overrides.mobile as string | undefined) ?? newMobile();
    const code = await smsCode(t.app, mobile, "register");
    return { username: `member${serial}`, password: "Secret-2026", mobile, smsCode: code, companyName: "成都芯片科技有限公司", ...overrides };
  }

  const smsUsed = async (mobile: string) =>
    (await t.database.db.selectFrom("smsCodes").select("usedAt").where("mobile", "=", mobile).executeTakeFirstOrThrow()).usedAt !== null;

  it("creates an enabled member linked to its company", async () => {
    const body = await application({ name: "张三" });
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    const { code, message, status, result } = res.json();
    expect({ code, message, status }).toEqual({ code: 200, message: "success", status: 1 });
    expect(result).toEqual({ id: expect.any(Number) });

    const user = await t.database.db.selectFrom("users").selectAll().where("id", "=", result.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ username: body.username, name: "张三", mobile: body.mobile, status: "enabled", mustChangePassword: 0 });
    expect(await verifyPassword(user.passwordHash, "Secret-2026")).toBe(true);
    const roles = await t.database.db
      .selectFrom("userRoles")
      .innerJoin("roles", "roles.id", "userRoles.roleId")
      .select("roles.code")
      .where("userRoles.userId", "=", result.id)
      .execute();
    expect(roles.map((r) => r.code)).toEqual([RoleCode.MEMBER]);
    const company = await t.database.db.selectFrom("companies").selectAll().where("id", "=", user.companyId).executeTakeFirstOrThrow();
    expect(company).toMatchObject({ name: "成都芯片科技有限公司", creditCode: null });
    expect(await smsUsed(body.mobile)).toBe(true);

    await flushLogs(t.app);
    const log = await t.database.db.selectFrom("operationLogs").selectAll().where("path", "=", "/api/user/register").executeTakeFirstOrThrow();
    expect(log).toMatchObject({ logAction: "注册账号", logType: 2, exceptionType: 0, userName: body.username });
    expect(log.params).not.toContain("Secret-2026");
  });

  it("answers at the legacy path too, names the user by the username when no name is given, and shares the company", async () => {
    const body = await application({ username: "legacyPath1", companyName: "  成都芯片科技有限公司 " });
    const res = await register(body, "/patnavi/ucenter/user/cdgxq/register");
    expect(res.json()).toMatchObject({ code: 200, status: 1 });
    const user = await t.database.db.selectFrom("users").selectAll().where("id", "=", res.json().result.id).executeTakeFirstOrThrow();
    expect(user.name).toBe("legacyPath1");
    const companies = await t.database.db.selectFrom("companies").select("id").where("name", "=", "成都芯片科技有限公司").execute();
    expect(companies).toEqual([{ id: user.companyId }]);
  });

  it("refuses a taken username and keeps the code for another try", async () => {
    await createUser(t.app, { username: "takenName", password: PASSWORD });
    const body = await application({ username: "takenName" });
    const res = await register(body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: "用户名已被占用" });
    expect(await smsUsed(body.mobile)).toBe(false);
    expect((await register({ ...body, username: "freeName1" })).json()).toMatchObject({ code: 200, status: 1 });
  });

  it("refuses a taken mobile number", async () => {
    const body = await application();
    // Someone else registered the number after the code was sent.
    await createUser(t.app, { username: "holder1", password: PASSWORD, mobile: body.mobile });
    const res = await register(body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: "手机号已注册" });
  });

  it("refuses a wrong code", async () => {
    const body = await application();
    const res = await register({ ...body, smsCode: wrongCode(body.smsCode) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: "验证码错误或已过期" });
  });

  it("refuses a code sent for another purpose", async () => {
    const mobile = newMobile();
    const code = await smsCode(t.app, mobile, "changeMobile");
    const res = await register({ username: "otherScene", password: "Secret-2026", mobile, smsCode: code, companyName: "某公司" });
    expect(res.json()).toEqual({ code: 400, message: "验证码错误或已过期" });
  });

  it.each([
    [{ password: "abcdefgh" }, "密码至少 8 位，且须同时包含字母和数字"],
    [{ password: "12345678" }, "密码至少 8 位，且须同时包含字母和数字"],
    [{ password: "abc123" }, "密码至少 8 位，且须同时包含字母和数字"],
    [{ password: `a1${"x".repeat(63)}` }, "密码不能超过 64 位"],
    [{ username: "1abc" }, "用户名须以字母开头，由 4-20 位字母、数字或下划线组成"],
    [{ username: "ab" }, "用户名须以字母开头，由 4-20 位字母、数字或下划线组成"],
    [{ mobile: "2380000000" }, "请输入正确的手机号"],
    [{ smsCode: "12ab" }, "请输入 6 位数字验证码"],
    [{ companyName: "  " }, "请输入企业名称"],
    [{ companyName: "企".repeat(101) }, "企业名称不能超过 100 个字符"],
    [{ name: "名".repeat(51) }, "姓名不能超过 50 个字符"],
  ])("refuses %j", async (override, message) => {
    const body = await application();
    const res = await register({ ...body, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  });

  it("refuses a body without a field", async () => {
    const res = await register({ username: "noMobile1", password: "Secret-2026", smsCode: "123456", companyName: "某公司" });
    expect(res.json()).toEqual({ code: 400, message: "参数 mobile 不能为空" });
  });

  it.each(["/api/user/infoExists", "/patnavi/ucenter/user/checkUserInfoRepetition"])("tells at %s whether a username or mobile is taken", async (url) => {
    const mobile = newMobile();
    await createUser(t.app, { username: `exists${serial}`, password: PASSWORD, mobile });
    const ask = async (type: string, value: string) => (await t.app.inject({ method: "POST", url, payload: { type, value } })).json();
    expect(await ask("username", `exists${serial}`)).toEqual({ code: 200, message: "success", result: { exists: true } });
    expect(await ask("username", "nobodyHere")).toMatchObject({ result: { exists: false } });
    expect(await ask("mobile", mobile)).toMatchObject({ result: { exists: true } });
    expect(await ask("mobile", newMobile())).toMatchObject({ result: { exists: false } });
    expect(await ask("email", "a@b.c")).toEqual({ code: 400, message: "参数 type 取值不正确" });
  });
});
