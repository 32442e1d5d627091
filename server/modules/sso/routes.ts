import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { OK_CODE } from "../../../contract/envelope";
import { AppError } from "../../errors";
import { text } from "../../i18n";
import { Enveloped, ok } from "../../plugins/envelope";
import { authenticateClient } from "../auth/clients";
import { OAuthError } from "../auth/oauthError";
import { paramsOf } from "../auth/tokenEndpoint";
import { tokenState } from "./checkToken";
import type { SsoIssuer } from "./issuer";
import { callbackUrlOf, postLogoutUrlOf, SSO_SCOPES } from "./provider";
import { CheckTokenAnswer, CheckTokenQuery, SsoSettings } from "../../../contract/schemas/sso";

/** HTTP 401 with the envelope code 401: the caller of check_token did not say who it is. */
export const CHECK_TOKEN_UNAUTHENTICATED = text("server.auth.checkTokenUnauthenticated");
const TOKEN_MAX_LENGTH = 200;

/**
 * RFC 7662 2.1: only a caller that proves itself learns about a token: the token's holder (the
 * token itself as the bearer) or a configured client (HTTP Basic or client_id and client_secret).
 */
function callerProved(app: Parameters<typeof authenticateClient>[0], request: FastifyRequest, params: Record<string, string>, token: string): boolean {
  const bearer = /^\s*bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
  if (token && bearer === token) return true;
  try {
    authenticateClient(app, request, params);
    return true;
  } catch (error) {
    if (error instanceof OAuthError) return false;
    throw error;
  }
}

/** What the app needs to start single sign-on, and the token check of SPEC 7. */
export function ssoRoutes(sso: SsoIssuer): FastifyPluginAsyncTypebox {
  return async (app) => {
    const redirectUri = callbackUrlOf(app.config.publicUrl);
    const postLogoutRedirectUri = postLogoutUrlOf(app.config.publicUrl);

    app.get(
      "/api/open/sso",
      {
        config: { access: "public" },
        schema: { tags: ["单点登录"], summary: "单点登录参数：提供方、端点、client_id、回调地址与授权范围", response: { 200: Enveloped(SsoSettings) } },
      },
      async () => {
        const { authorizeUrl, tokenUrl, endSessionUrl } = await sso.endpoints();
        return ok({ issuer: sso.issuer, authorizeUrl, tokenUrl, endSessionUrl, clientId: sso.clientId, redirectUri, postLogoutRedirectUri, scopes: SSO_SCOPES });
      },
    );

    app.post(
      "/oauth/check_token",
      {
        config: { access: "public", logAction: false },
        schema: {
          tags: ["单点登录"],
          summary: "检查访问令牌：data.status 为 valid、expired 或 invalid",
          description:
            "token 放在表单请求体中（也接受 JSON 请求体与查询串）。调用方须证明身份（RFC 7662）：以该令牌作为 Bearer 令牌，" +
            "或以客户端凭证（HTTP Basic，或 client_id 与 client_secret 参数）；否则答 401。",
          querystring: CheckTokenQuery,
          response: { 200: CheckTokenAnswer },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const params = paramsOf(request);
        const token = params.token ?? "";
        if (!callerProved(app.config, request, params, token)) throw new AppError(401, CHECK_TOKEN_UNAUTHENTICATED);
        const data = token && token.length <= TOKEN_MAX_LENGTH ? await tokenState(app, token) : { status: "invalid" as const, active: false };
        return { code: OK_CODE, message: "success", data };
      },
    );
  };
}
