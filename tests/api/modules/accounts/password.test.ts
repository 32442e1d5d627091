import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toDbTime } from "../../../../server/db/time";
import { verifyPassword } from "../../../../server/security/password";
import { testDatabases } from "../../helpers/databases";
import { signIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { smsCode, wrongCode } from "../sms/outbox";
import { PASSWORD, signedInUser, userInfo } from "./support";

const SESSION_ENDED = { code: 41202, message: "会话已结束，请重新登录" };

describe.each(testDatabases())("passwords on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  let serial = 0;
  const newMobile = () => `1360000${String(++serial).padStart(4, "0")}`;
  const passwordOf = async (id: number) =>
    (await t.database.db.selectFrom("users").select("passwordHash").where("id", "=", id).executeTakeFirstOrThrow()).passwordHash;

  describe("recovery by SMS code", () => {
    it.each(["/api/user/forgetPwd", "/patnavi/ucenter/user/passwd-reset"])("at %s sets the password, ends every session and lifts a lockout", async (url) => {
      const mobile = newMobile();
      const first = await signedInUser(t.app, `forgot${serial}`, { mobile });
      const second = await signIn(t.app, `forgot${serial}`, PASSWORD);
      await t.database.db
        .updateTable("users")
        .set({ failedLoginCount: 5, lockedUntil: toDbTime(t.database.dialect, new Date(Date.now() + 600_000)) })
        .where("id", "=", first.userId)
        .execute();

      const code = await smsCode(t.app, mobile, "resetPassword");
      const res = await t.app.inject({ method: "POST", url, payload: { mobile, smsCode: code, password: "Brand-new-1" } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 200, message: "success", result: null, status: 1 });

      expect(await verifyPassword(await passwordOf(first.userId), "Brand-new-1")).toBe(true);
      for (const session of [first, second]) expect((await userInfo(t.app, session)).json()).toEqual(SESSION_ENDED);
      const user = await t.database.db.selectFrom("users").selectAll().where("id", "=", first.userId).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
    });

    it("refuses an unknown number, a wrong code and a weak password, changing nothing", async () => {
      const mobile = newMobile();
      const who = await signedInUser(t.app, `forgot${serial}`, { mobile });
      const before = await passwordOf(who.userId);
      const code = await smsCode(t.app, mobile, "resetPassword");
      const reset = (payload: Record<string, string>) =>
        t.app.inject({ method: "POST", url: "/api/user/forgetPwd", payload: { mobile, smsCode: code, password: "Brand-new-1", ...payload } });
      expect((await reset({ mobile: newMobile() })).json()).toEqual({ code: 400, message: "该手机号未注册" });
      expect((await reset({ smsCode: wrongCode(code) })).json()).toEqual({ code: 400, message: "验证码错误或已过期" });
      expect((await reset({ password: "short1" })).json()).toEqual({ code: 400, message: "密码至少 8 位，且须同时包含字母和数字" });
      expect(await passwordOf(who.userId)).toBe(before);
      expect((await userInfo(t.app, who)).statusCode).toBe(200);
    });
  });

  describe("change with the old password", () => {
    const change = (headers: { authorization: string }, payload: Record<string, string>) =>
      t.app.inject({ method: "POST", url: "/patnavi/ucenter/rest/user/passwd", headers, payload });

    it("ends the user's other sessions but not the current one, and clears must-change", async () => {
      const current = await signedInUser(t.app, "changer1");
      const other = await signIn(t.app, "changer1", PASSWORD);
      await t.database.db.updateTable("users").set({ mustChangePassword: 1 }).where("id", "=", current.userId).execute();

      const res = await change(current.headers, { oldPassword: PASSWORD, newPassword: "Changed-pass-2" });
      expect(res.json()).toEqual({ code: 200, message: "success", result: null, status: 1 });

      expect((await userInfo(t.app, current)).statusCode).toBe(200);
      expect((await userInfo(t.app, other)).json()).toEqual(SESSION_ENDED);
      const user = await t.database.db.selectFrom("users").selectAll().where("id", "=", current.userId).executeTakeFirstOrThrow();
      expect(user.mustChangePassword).toBe(0);
      expect(await verifyPassword(user.passwordHash, "Changed-pass-2")).toBe(true);
    });

    it.each([
      [{ oldPassword: "Wrong-pass-1", newPassword: "Changed-pass-2" }, "原密码错误"],
      [{ oldPassword: PASSWORD, newPassword: "onlyletters" }, "密码至少 8 位，且须同时包含字母和数字"],
      [{ oldPassword: PASSWORD, newPassword: PASSWORD }, "新密码不能与原密码相同"],
    ])("refuses %j and keeps every session", async (payload, message) => {
      const current = await signedInUser(t.app, `refuser${++serial}`);
      const other = await signIn(t.app, `refuser${serial}`, PASSWORD);
      const res = await change(current.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message });
      expect((await userInfo(t.app, other)).statusCode).toBe(200);
    });

    it("needs a signed-in caller", async () => {
      const res = await t.app.inject({ method: "POST", url: "/patnavi/ucenter/rest/user/passwd", payload: { oldPassword: "a", newPassword: "b" } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(40101);
    });
  });
});
