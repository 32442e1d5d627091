import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { ErrorCode } from "../../../contract/envelope";
import { LogAction } from "../../../contract/logActions";
import { AppError } from "../../errors";
import { signedInUser } from "../../plugins/auth";
import { Enveloped, ok } from "../../plugins/envelope";
import { rateLimitOf } from "../../plugins/rateLimit";
import { writeLog } from "../logs/writer";
import { createCaptcha } from "./captcha";
import { AuthMessages } from "./messages";
import { menusOf } from "./permissions";
import { CaptchaImage, TokenAnswer, TokenError, UserInfo, UserMenuList } from "../../../contract/schemas/auth";
import { revokeSession } from "./sessions";
import { tokenEndpoint, tokenErrorHandler } from "./tokenEndpoint";
import { userInfoOf } from "./userInfo";

const TOKEN_PARAMS =
  "参数放在表单请求体中（也接受 JSON 请求体与查询串，请求体优先）：grant_type（password 或 refresh_token 等）、client_id、client_secret；" +
  "password 授权另需 username、password、vid、vcode；refresh_token 授权另需 refresh_token。";

/** Sign-in, sign-out, captcha, and the signed-in user's info and menus. */
const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tokenSchema = {
    tags: ["登录"],
    description: TOKEN_PARAMS,
    response: { 200: TokenAnswer, "4xx": TokenError },
  };
  const token = tokenEndpoint(app);
  const errorHandler = tokenErrorHandler(app);
  const tokenLimit = rateLimitOf(app.config, "token");

  app.post(
    "/uaa/oauth/token",
    { config: { access: "public", logAction: false, rateLimit: tokenLimit }, errorHandler, schema: { ...tokenSchema, summary: "获取令牌（OAuth 2.0 令牌端点）" } },
    token,
  );
  // SPEC 7: the patent-navigation token request sends its parameters as a GET query.
  app.get("/oauth/token", { config: { access: "public", rateLimit: tokenLimit }, errorHandler, schema: { ...tokenSchema, summary: "获取令牌（查询串参数）" } }, token);

  app.get(
    "/uaa/identity/captcha",
    {
      config: { access: "public", rateLimit: rateLimitOf(app.config, "captcha") },
      schema: { tags: ["登录"], summary: "图形验证码：4 位，5 分钟内有效，只能使用一次，不区分大小写", response: { 200: Enveloped(CaptchaImage) } },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await createCaptcha(app));
    },
  );

  app.get(
    "/uaa/identity/logout",
    {
      // Public: a caller whose session has already ended (signed out in another tab, ended by a
      // reused refresh token or an administrator) is signed out too, and hears so, so the app always
      // clears what it holds.
      config: { access: "public" },
      schema: {
        tags: ["登录"],
        summary: "退出登录：当前会话的访问令牌与刷新令牌随即失效；会话已结束或未登录时同样答 200",
        response: { 200: Enveloped(Type.Null()) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) return ok(null);
      await revokeSession(app, user.sessionId, "logout");
      writeLog(app, {
        logAction: LogAction.signedOut,
        logType: 1,
        failed: false,
        userId: user.id,
        userName: user.username,
        remoteAddr: request.ip,
        method: request.method,
        path: request.url.split("?")[0],
        durationMs: reply.elapsedTime,
      });
      return ok(null);
    },
  );

  app.post(
    "/uaa/accounts/getUserInfo",
    {
      config: { access: "signedIn", allowDuringPasswordChange: true, logAction: false },
      schema: { tags: ["登录"], summary: "当前用户信息", response: { 200: Enveloped(UserInfo) } },
    },
    async (request) => {
      const info = await userInfoOf(app, signedInUser(request).id);
      if (!info) throw new AppError(ErrorCode.SESSION_REVOKED, AuthMessages.sessionEnded);
      return ok(info);
    },
  );

  app.get(
    "/api/user/getUserMenus",
    {
      config: { access: "signedIn", allowDuringPasswordChange: true },
      schema: { tags: ["登录"], summary: "当前用户的菜单（按角色汇总，按 sort 排序）", response: { 200: Enveloped(UserMenuList) } },
    },
    async (request) => ok(await menusOf(app.db, signedInUser(request).id)),
  );
};

export default authRoutes;
