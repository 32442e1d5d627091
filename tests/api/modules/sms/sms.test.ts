import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SMS_CODE_TTL_MS, SMS_RESEND_AFTER_MS } from "../../../../contract/account";
import type { Logger } from "../../../../server/logger";
import { OutboxSmsAdapter } from "../../../../server/modules/sms/adapter";
import { SmsCodes } from "../../../../server/modules/sms/service";
import { testDatabases } from "../../helpers/databases";
import { createUser } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { freezeClock, travel } from "../auth/support";
import { lastSmsCode, requestSmsCode, smsCode, wrongCode } from "./outbox";

const INVALID = { code: 400, message: "验证码错误或已过期" };
const MESSAGE = /^【市半导体行业协会】您的验证码为 (\d{6})，5分钟内有效。$/;

describe.each(testDatabases())("SMS codes on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  let serial = 0;
  /** A number no other test has used, so that their rate limits stay apart. */
  const newMobile = () => `1390000${String(++serial).padStart(4, "0")}`;

  /** Uses a resetPassword code the way the app does; the account of the number must exist. */
  const resetWith = (mobile: string, code: string) =>
    t.app.inject({ method: "POST", url: "/api/user/forgetPwd", payload: { mobile, smsCode: code, password: "NewPassw0rd" } });

  async function member(mobile: string): Promise<void> {
    await createUser(t.app, { username: `u${mobile}`, password: "Passw0rd-1", roles: ["member"], mobile });
  }

  it("sends six digits through the outbox and keeps only their hash", async () => {
    const mobile = newMobile();
    const res = await requestSmsCode(t.app, mobile, "register");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: "success", result: { expiresIn: 300, resendAfter: 60 }, status: 1 });

    const outbox = await t.database.db.selectFrom("smsOutbox").selectAll().where("mobile", "=", mobile).execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ scene: "register", content: expect.stringMatching(MESSAGE) });
    const code = MESSAGE.exec(outbox[0].content)?.[1] ?? "";

    const stored = await t.database.db.selectFrom("smsCodes").selectAll().where("mobile", "=", mobile).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ scene: "register", usedAt: null, attempts: 0 });
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.codeHash).not.toContain(code);
  });

  it("answers the GET of the legacy path likewise", async () => {
    const mobile = newMobile();
    const res = await t.app.inject({ method: "GET", url: `/uaa/identity/smsCode?mobile=${mobile}&scene=register` });
    expect(res.json()).toMatchObject({ code: 200, result: { expiresIn: 300, resendAfter: 60 } });
    expect(await lastSmsCode(t.app, mobile)).toMatch(/^\d{6}$/);
  });

  it.each([
    [{ mobile: "12345678901", scene: "register" }, "请输入正确的手机号"],
    [{ mobile: "", scene: "register" }, "参数 mobile 不能为空"],
    [{ mobile: "13900009999", scene: "login" }, "参数 scene 取值不正确"],
  ])("refuses %j", async (fields, message) => {
    const res = await requestSmsCode(t.app, fields.mobile, fields.scene);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  });

  it("refuses a registration code for a taken number and a recovery code for an unknown one", async () => {
    const taken = newMobile();
    await member(taken);
    expect((await requestSmsCode(t.app, taken, "register")).json()).toEqual({ code: 409, message: "该手机号已注册" });
    expect((await requestSmsCode(t.app, taken, "changeMobile")).json()).toEqual({ code: 409, message: "该手机号已注册" });
    expect((await requestSmsCode(t.app, newMobile(), "resetPassword")).json()).toEqual({ code: 400, message: "该手机号未注册" });
  });

  it("sends again only after 60 seconds, saying how many are left", async () => {
    freezeClock();
    const mobile = newMobile();
    await smsCode(t.app, mobile, "register");
    travel(15_000);
    const early = await requestSmsCode(t.app, mobile, "register");
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ code: 429, message: "验证码已发送，请 45 秒后再试" });
    travel(SMS_RESEND_AFTER_MS - 15_000);
    expect((await requestSmsCode(t.app, mobile, "register")).statusCode).toBe(200);
  });

  it("sends at most five codes an hour to one number", async () => {
    freezeClock();
    const mobile = newMobile();
    for (let i = 0; i < 5; i++) {
      expect((await requestSmsCode(t.app, mobile, "register")).statusCode).toBe(200);
      travel(SMS_RESEND_AFTER_MS);
    }
    const sixth = await requestSmsCode(t.app, mobile, "register");
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ code: 429, message: "该手机号发送验证码过于频繁，请一小时后再试" });
    // The first code leaves the window an hour after it was sent.
    travel(3_600_000 - 5 * SMS_RESEND_AFTER_MS);
    expect((await requestSmsCode(t.app, mobile, "register")).statusCode).toBe(200);
  });

  it("accepts a code until it is five minutes old, not after", async () => {
    freezeClock();
    const mobile = newMobile();
    await member(mobile);
    const code = await smsCode(t.app, mobile, "resetPassword");
    travel(SMS_CODE_TTL_MS - 1000);
    expect((await resetWith(mobile, code)).json()).toMatchObject({ code: 200, status: 1 });

    travel(SMS_RESEND_AFTER_MS);
    const late = await smsCode(t.app, mobile, "resetPassword");
    travel(SMS_CODE_TTL_MS);
    expect((await resetWith(mobile, late)).json()).toEqual(INVALID);
  });

  it("works once", async () => {
    const mobile = newMobile();
    await member(mobile);
    const code = await smsCode(t.app, mobile, "resetPassword");
    expect((await resetWith(mobile, code)).statusCode).toBe(200);
    expect((await resetWith(mobile, code)).json()).toEqual(INVALID);
    const row = await t.database.db.selectFrom("smsCodes").select("usedAt").where("mobile", "=", mobile).executeTakeFirstOrThrow();
    expect(row.usedAt).not.toBeNull();
  });

  it("dies after five wrong tries", async () => {
    const mobile = newMobile();
    await member(mobile);
    const code = await smsCode(t.app, mobile, "resetPassword");
    for (let i = 0; i < 5; i++) expect((await resetWith(mobile, wrongCode(code))).json()).toEqual(INVALID);
    expect((await resetWith(mobile, code)).json()).toEqual(INVALID);
  });

  it("counts only the latest code of a number, and only for its purpose", async () => {
    freezeClock();
    const mobile = newMobile();
    await member(mobile);
    const first = await smsCode(t.app, mobile, "resetPassword");
    travel(SMS_RESEND_AFTER_MS);
    const second = await smsCode(t.app, mobile, "resetPassword");
    if (first !== second) expect((await resetWith(mobile, first)).json()).toEqual(INVALID);

    const other = newMobile();
    const registerCode = await smsCode(t.app, other, "register");
    await member(other);
    expect((await resetWith(other, registerCode)).json()).toEqual(INVALID);
    expect((await resetWith(mobile, second)).statusCode).toBe(200);
  });

  it("records each message in the outbox and one log line", async () => {
    const info = vi.fn();
    const adapter = new OutboxSmsAdapter(t.database.db, t.database.dialect, { info } as unknown as Logger);
    const message = { mobile: newMobile(), scene: "register" as const, content: "【测试】您的验证码为 000000，5分钟内有效。" };
    await adapter.send(message);
    expect(info).toHaveBeenCalledOnce();
    expect(info).toHaveBeenCalledWith({ sms: message }, "sms recorded in the outbox");
    const row = await t.database.db.selectFrom("smsOutbox").selectAll().where("mobile", "=", message.mobile).executeTakeFirstOrThrow();
    expect(row).toMatchObject(message);
  });

  it("answers 503 when the adapter fails, and the lost code does not count against the number", async () => {
    const error = vi.fn();
    const codes = new SmsCodes({
      db: t.database.db,
      dialect: t.database.dialect,
      adapter: { send: () => Promise.reject(new Error("gateway down")) },
      signature: "测试",
      log: { error } as unknown as Logger,
    });
    const mobile = newMobile();
    await expect(codes.send(mobile, "register")).rejects.toMatchObject({ code: 503, message: "短信发送失败，请稍后再试" });
    expect(error).toHaveBeenCalledOnce();
    expect(await t.database.db.selectFrom("smsCodes").select("id").where("mobile", "=", mobile).execute()).toEqual([]);
    expect((await requestSmsCode(t.app, mobile, "register")).statusCode).toBe(200);
  });
});
