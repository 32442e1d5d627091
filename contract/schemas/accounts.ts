import { Type, type Static } from "typebox";
import { NullableText } from "./primitives";

/*
 * Registration, passwords and personal details. The schemas check shapes only; the account rules (contract/account.ts) are checked by the
 * service, so that each refusal says in Chinese what is wrong with the value.
 */

export const RegisterBody = Type.Object({
  username: Type.String({ description: "用户名：字母开头，4-20 位字母、数字或下划线" }),
  password: Type.String({ description: "密码：至少 8 位，同时包含字母和数字" }),
  mobile: Type.String({ description: "手机号" }),
  smsCode: Type.String({ description: "短信验证码（用途 register）" }),
  companyName: Type.String({ description: "企业名称" }),
  name: Type.Optional(Type.String({ description: "姓名；不填时为用户名" })),
});
/** POST /api/user/register's body. */
export type Registration = Static<typeof RegisterBody>;

export const Registered = Type.Object({ id: Type.Integer({ description: "用户编号" }) });

export const InfoExistsBody = Type.Object({
  type: Type.Union([Type.Literal("username"), Type.Literal("mobile")], { description: "查询的字段" }),
  value: Type.String(),
});

export const InfoExists = Type.Object({ exists: Type.Boolean({ description: "是否已被占用" }) });
export type InfoExists = Static<typeof InfoExists>;

export const ResetPasswordBody = Type.Object({
  mobile: Type.String({ description: "账号绑定的手机号" }),
  smsCode: Type.String({ description: "短信验证码（用途 resetPassword）" }),
  password: Type.String({ description: "新密码" }),
});
export type PasswordReset = Static<typeof ResetPasswordBody>;

export const ChangePasswordBody = Type.Object({
  oldPassword: Type.String(),
  newPassword: Type.String(),
});

/** A change of personal details: only the fields given change. */
export const PersonInfoBody = Type.Object({
  name: Type.Optional(Type.String({ description: "姓名" })),
  avatar: Type.Optional(NullableText("头像的文件编号（/api/files/upload 的 result.id）；null 或空为默认头像")),
  email: Type.Optional(NullableText("邮箱；null 或空为清除")),
});
export type PersonInfoBody = Static<typeof PersonInfoBody>;

/** What POST /api/user/changePersonInfo answers: the personal details as saved. */
export const PersonInfo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  avatar: NullableText("头像的文件编号；null 为默认头像"),
  email: NullableText("邮箱"),
  mobile: NullableText("手机号"),
});
export type PersonInfo = Static<typeof PersonInfo>;

export const ChangeMobileBody = Type.Object({
  mobile: Type.String({ description: "新手机号" }),
  smsCode: Type.String({ description: "发到新手机号的短信验证码（用途 changeMobile）" }),
});
