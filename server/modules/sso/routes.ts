import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { OK_CODE } from "../../../contract/envelope";
import { Enveloped, ok } from "../../plugins/envelope";
import { tokenState } from "./checkToken";
import type { SsoIssuer } from "./issuer";
import { callbackUrlOf, SSO_SCOPES } from "./provider";
import { CheckTokenAnswer, CheckTokenQuery, SsoSettings } from "./schemas";

/** What the app needs to start single sign-on, and the token check of SPEC 7. */
export function ssoRoutes(sso: SsoIssuer): FastifyPluginAsyncTypebox {
  return async (app) => {
    const redirectUri = callbackUrlOf(app.config.publicUrl);

    app.get(
      "/api/open/sso",
      {
        config: { access: "public" },
        schema: { tags: ["单点登录"], summary: "单点登录参数：提供方、端点、client_id、回调地址与授权范围", response: { 200: Enveloped(SsoSettings) } },
      },
      async () => {
        const { authorizeUrl, tokenUrl } = await sso.endpoints();
        return ok({ issuer: sso.issuer, authorizeUrl, tokenUrl, clientId: sso.clientId, redirectUri, scopes: SSO_SCOPES });
      },
    );

    app.post(
      "/oauth/check_token",
      {
        config: { access: "public", logAction: false },
        schema: {
          tags: ["单点登录"],
          summary: "检查访问令牌：data.status 为 valid、expired 或 invalid",
          querystring: CheckTokenQuery,
          response: { 200: CheckTokenAnswer },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const { token } = request.query;
        const data = token ? await tokenState(app, token) : { status: "invalid" as const, active: false };
        return { code: OK_CODE, message: "success", data };
      },
    );
  };
}
