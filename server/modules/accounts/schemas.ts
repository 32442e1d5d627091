import { Type } from "typebox";

/*
 * The schemas check shapes only; the account rules (contract/account.ts) are checked by the
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

export const Registered = Type.Object({ id: Type.Integer({ description: "用户编号" }) });

export const InfoExistsBody = Type.Object({
  type: Type.Union([Type.Literal("username"), Type.Literal("mobile")], { description: "查询的字段" }),
  value: Type.String(),
});

export const InfoExists = Type.Object({ exists: Type.Boolean({ description: "是否已被占用" }) });

export const ResetPasswordBody = Type.Object({
  mobile: Type.String({ description: "账号绑定的手机号" }),
  smsCode: Type.String({ description: "短信验证码（用途 resetPassword）" }),
  password: Type.String({ description: "新密码" }),
});

export const ChangePasswordBody = Type.Object({
  oldPassword: Type.String(),
  newPassword: Type.String(),
});

export const PersonInfoBody = Type.Object({
  name: Type.Optional(Type.String({ description: "姓名" })),
  avatar: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: "头像的文件编号（/api/files/upload 的 result.id）；null 或空为默认头像" })),
  email: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: "邮箱；null 或空为清除" })),
});

export const PersonInfo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()], { description: "头像的文件编号；null 为默认头像" }),
  email: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()]),
});

export const ChangeMobileBody = Type.Object({
  mobile: Type.String({ description: "新手机号" }),
  smsCode: Type.String({ description: "发到新手机号的短信验证码（用途 changeMobile）" }),
});

export const Done = Type.Null();
