import { Type, type Static } from "typebox";
import { SMS_CODE_TTL_MS, SMS_RESEND_AFTER_MS, SMS_SCENES } from "../account";

const fields = {
  mobile: Type.String({ description: "手机号" }),
  scene: Type.Enum(SMS_SCENES, { description: "用途：register 注册，resetPassword 找回密码，changeMobile 更换手机号" }),
};

/** Documents the multipart form; the handler reads the fields itself (see routes.ts). */
export const SmsCodeForm = Type.Object(fields);

export const SmsCodeQuery = Type.Object(fields);

/** How long the code lives and when another may be asked for, both in seconds. */
export const SmsCodeTiming = Type.Object({
  expiresIn: Type.Integer({ description: `验证码有效秒数（${SMS_CODE_TTL_MS / 1000}）` }),
  resendAfter: Type.Integer({ description: `多少秒后可重新获取（${SMS_RESEND_AFTER_MS / 1000}）` }),
});
export type SmsCodeTiming = Static<typeof SmsCodeTiming>;
