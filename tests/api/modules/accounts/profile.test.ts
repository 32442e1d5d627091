import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../helpers/databases";
import { createUser } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { requestSmsCode, smsCode, wrongCode } from "../sms/outbox";
import { PASSWORD, PDF, PNG, signedInUser, upload } from "./support";

describe.each(testDatabases())("personal details on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  let serial = 0;
  const newMobile = () => `1350000${String(++serial).padStart(4, "0")}`;

  describe.each(["/api/user/changePersonInfo", "/patnavi/ucenter/user/detail"])("at %s", (url) => {
    const save = (headers: { authorization: string }, payload: Record<string, unknown>) => t.app.inject({ method: "POST", url, headers, payload });

    it("changes name, avatar and email and answers the details", async () => {
      const mobile = newMobile();
      const who = await signedInUser(t.app, `person${serial}`, { mobile });
      const avatar = await upload(t.app, who, "头像.png", PNG);
      const res = await save(who.headers, { name: "  李四 ", avatar, email: "li.si@example.com" });
      expect(res.json()).toEqual({
        code: 200,
        message: "success",
        status: 1,
        result: { id: who.userId, name: "李四", avatar, email: "li.si@example.com", mobile },
      });

      // Left out: unchanged; null: cleared.
      const cleared = await save(who.headers, { avatar: null, email: "" });
      expect(cleared.json().result).toEqual({ id: who.userId, name: "李四", avatar: null, email: null, mobile });
    });

    it.each([
      [{ name: " " }, "姓名不能为空"],
      [{ email: "not-an-email" }, "请输入正确的邮箱地址"],
      [{ avatar: "0123456789abcdef0123456789abcdef" }, "头像文件不存在，请重新上传"],
    ])("refuses %j", async (payload, message) => {
      const who = await signedInUser(t.app, `refused${++serial}`);
      const res = await save(who.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message });
    });

    it("refuses a file that is not an image as the avatar", async () => {
      const who = await signedInUser(t.app, `pdfAvatar${++serial}`);
      const pdf = await upload(t.app, who, "a.pdf", PDF);
      expect((await save(who.headers, { avatar: pdf })).json()).toEqual({ code: 400, message: "头像须为 PNG、JPG、GIF 或 WebP 图片" });
    });

    it("needs a signed-in caller", async () => {
      expect((await t.app.inject({ method: "POST", url, payload: { name: "x" } })).statusCode).toBe(401);
    });
  });

  describe("mobile change", () => {
    const change = (headers: { authorization: string }, payload: Record<string, string>) =>
      t.app.inject({ method: "POST", url: "/api/user/update/mobile", headers, payload });

    it("moves the account to a new number proved by a code sent to it", async () => {
      const who = await signedInUser(t.app, `mover${++serial}`, { mobile: newMobile() });
      const mobile = newMobile();
      const code = await smsCode(t.app, mobile, "changeMobile");
      const res = await change(who.headers, { mobile, smsCode: code });
      expect(res.json()).toEqual({ code: 200, message: "success", result: null, status: 1 });
      const user = await t.database.db.selectFrom("users").select("mobile").where("id", "=", who.userId).executeTakeFirstOrThrow();
      expect(user.mobile).toBe(mobile);
      expect((await change(who.headers, { mobile, smsCode: code })).json()).toEqual({ code: 400, message: "新手机号与当前手机号相同" });
    });

    it("refuses a taken number, a wrong code and a code for another purpose", async () => {
      const who = await signedInUser(t.app, `mover${++serial}`, { mobile: newMobile() });
      const taken = newMobile();
      const takenCode = await smsCode(t.app, taken, "changeMobile");
      await createUser(t.app, { username: `holder${serial}`, password: PASSWORD, mobile: taken });
      expect((await requestSmsCode(t.app, taken, "changeMobile")).json()).toEqual({ code: 409, message: "该手机号已注册" });
      expect((await change(who.headers, { mobile: taken, smsCode: takenCode })).json()).toEqual({ code: 409, message: "手机号已注册" });

      const mobile = newMobile();
      const code = await smsCode(t.app, mobile, "changeMobile");
      expect((await change(who.headers, { mobile, smsCode: wrongCode(code) })).json()).toEqual({ code: 400, message: "验证码错误或已过期" });

      const other = newMobile();
      const registerCode = await smsCode(t.app, other, "register");
      expect((await change(who.headers, { mobile: other, smsCode: registerCode })).json()).toEqual({ code: 400, message: "验证码错误或已过期" });
    });

    it("needs a signed-in caller", async () => {
      expect((await change({ authorization: "" }, { mobile: newMobile(), smsCode: "123456" })).statusCode).toBe(401);
    });
  });
});
