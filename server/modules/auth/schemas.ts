import { Type } from "typebox";

export const TokenAnswer = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal("bearer"),
  expires_in: Type.Integer({ description: "访问令牌的有效秒数" }),
  refresh_token: Type.String({ description: "只能使用一次；再次使用会结束整个会话" }),
  scope: Type.String(),
  code: Type.Integer({ description: "200 表示成功" }),
  message: Type.String(),
});

export const TokenError = Type.Object({
  error: Type.String({
    description: "RFC 6749 错误码：invalid_request、invalid_client、invalid_grant、unsupported_grant_type；请求过于频繁或服务暂不可用时为 temporarily_unavailable",
  }),
  error_description: Type.String(),
  code: Type.Integer({ description: "400、401、413、415；423 账号已锁定；429 请求过于频繁；41201 刷新令牌无效；503 服务暂不可用" }),
  message: Type.String(),
});

export const CaptchaImage = Type.Object({
  vid: Type.String({ description: "验证码编号，登录时与 vcode 一起提交" }),
  image: Type.String({ description: "data:image/svg+xml;base64 图片" }),
});

export const UserInfoResult = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()], { description: "头像文件编号" }),
  mobile: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String(), { description: "角色编码" }),
  company: Type.Unknown({ description: "所属企业；未关联时为 null" }),
  certification: Type.Unknown({ description: "企业认证；未申请时为 null" }),
  mustChangePassword: Type.Boolean({ description: "为 true 时须先修改密码" }),
});

export const UserMenuList = Type.Array(
  Type.Object({
    menuCode: Type.String(),
    name: Type.String(),
    path: Type.Union([Type.String(), Type.Null()]),
    parentCode: Type.Union([Type.String(), Type.Null()]),
    type: Type.Union([Type.Literal("menu"), Type.Literal("button")]),
    sort: Type.Integer(),
  }),
);
