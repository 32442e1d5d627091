import type { TokenAnswer } from "../../../contract/schemas/auth";
import type { UserMenu, UserProfile } from "../../../providers/session/userSession";

export const profile: UserProfile = {
  id: 7,
  username: "wangxin",
  name: "王芯",
  avatar: null,
  mobile: "13800000000",
  email: null,
  roles: ["member"],
  company: null,
  certification: null,
  mustChangePassword: false,
};

export const menus: UserMenu[] = [
  { menuCode: "patnavi", name: "专利导航", path: "/", parentCode: null, type: "menu", sort: 10 },
  { menuCode: "userCenter", name: "个人中心", path: "/userCenter/basicInfo", parentCode: null, type: "menu", sort: 20 },
];

export const envelope = (result: unknown) => ({ code: 200, message: "success", result });

/** The OAuth answer of /uaa/oauth/token. */
export const tokenAnswer = (access_token: string, expiresInSeconds = 7200): TokenAnswer => ({
  access_token,
  token_type: "bearer",
  expires_in: expiresInSeconds,
  refresh_token: `refresh-of-${access_token}`,
  scope: "all",
  code: 200,
  message: "success",
});

/** Answers for the calls that follow every sign-in. */
export function afterSignInAnswer(url: string | undefined, user: UserProfile = profile) {
  if (url === "/uaa/accounts/getUserInfo") return { data: envelope(user) };
  if (url === "/api/user/getUserMenus") return { data: envelope(menus) };
  return undefined;
}

/** GET /api/open/sso with the built-in development provider (the server lists the scopes space-separated). */
export const ssoConfig = {
  issuer: "http://localhost:8080/idp",
  authorizeUrl: "http://localhost:8080/idp/auth",
  tokenUrl: "http://localhost:8080/idp/token",
  endSessionUrl: "http://localhost:8080/idp/session/end",
  clientId: "platform",
  redirectUri: "http://localhost:8080/authorization-callback",
  postLogoutRedirectUri: "http://localhost:8080/login/index",
  scopes: "openid profile phone offline_access",
};
