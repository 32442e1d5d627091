import { Type, type Static } from "typebox";
import { NullableText } from "./primitives";

/* Single sign-on: the provider the app signs in through, and the token check offered to other systems. */

/** GET /api/open/sso: the single sign-on provider the server is configured with. */
export const SsoSettings = Type.Object({
  issuer: Type.String({ description: "OpenID 提供方的 issuer" }),
  authorizeUrl: Type.String({ description: "授权端点：浏览器带 PKCE（S256）前往" }),
  tokenUrl: Type.String({ description: "令牌端点：应用以表单提交 code 与 code_verifier" }),
  endSessionUrl: NullableText("退出端点（OpenID Connect RP-Initiated Logout）：退出登录时浏览器以表单 POST id_token_hint 前往；提供方不支持时为 null"),
  clientId: Type.String({ description: "应用在提供方的 client_id（公开客户端）" }),
  redirectUri: Type.String({ description: "回调地址：/authorization-callback" }),
  postLogoutRedirectUri: Type.String({ description: "在提供方退出后返回的地址：/login/index" }),
  scopes: Type.String({ description: "授权范围，空格分隔" }),
});
export type SsoSettings = Static<typeof SsoSettings>;

export const CheckTokenQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 200, description: "本平台的访问令牌" })),
});

export const CheckTokenAnswer = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  data: Type.Object({
    status: Type.Union([Type.Literal("valid"), Type.Literal("expired"), Type.Literal("invalid")], {
      description: "valid 有效；expired 已过期；invalid 无效（不存在、已退出或账号不可用）",
    }),
    active: Type.Boolean(),
    exp: Type.Optional(Type.Integer({ description: "到期时间（Unix 秒）" })),
    username: Type.Optional(Type.String()),
  }),
});
