import { Type, type Static } from "typebox";
import { CERTIFICATION_STATES } from "../account";
import { NullableText } from "./primitives";

/* Signing in and what the app learns of the signed-in user: the token, the captcha, the user's info and menus. */

/** A successful answer of POST /uaa/oauth/token. */
export const TokenAnswer = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal("bearer"),
  expires_in: Type.Integer({ description: "访问令牌的有效秒数" }),
  refresh_token: Type.String({ description: "只能使用一次；再次使用会结束整个会话" }),
  scope: Type.String(),
  code: Type.Integer({ description: "200 表示成功" }),
  message: Type.String(),
});
export type TokenAnswer = Static<typeof TokenAnswer>;

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
export type CaptchaImage = Static<typeof CaptchaImage>;

/** The answer of POST /uaa/accounts/getUserInfo. */
export const UserInfo = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  avatar: NullableText("头像文件编号"),
  mobile: NullableText("手机号"),
  email: NullableText("邮箱"),
  roles: Type.Array(Type.String(), { description: "角色编码" }),
  company: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()], { description: "所属企业；未关联时为 null" }),
  certification: Type.Union(
    [Type.Object({ state: Type.Enum(CERTIFICATION_STATES), rejectReason: NullableText("驳回原因") }), Type.Null()],
    { description: "最近一次企业认证的状态；未申请时为 null" },
  ),
  mustChangePassword: Type.Boolean({ description: "为 true 时须先修改密码" }),
});
export type UserInfo = Static<typeof UserInfo>;

/** One entry of GET /api/user/getUserMenus. */
export const UserMenu = Type.Object({
  menuCode: Type.String(),
  name: Type.String(),
  path: NullableText("页面路径；按钮为 null"),
  parentCode: NullableText("上级菜单编码"),
  type: Type.Union([Type.Literal("menu"), Type.Literal("button")]),
  sort: Type.Integer(),
});
export type UserMenu = Static<typeof UserMenu>;

export const UserMenuList = Type.Array(UserMenu);
