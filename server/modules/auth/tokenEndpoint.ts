import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { OK_CODE } from "../../../contract/envelope";
import { LogAction } from "../../../contract/logActions";
import { AppError } from "../../errors";
import { requestLocale } from "../../i18n";
import { fromFrameworkError } from "../../plugins/errors";
import { writeLog } from "../logs/writer";
import { authenticateClient } from "./clients";
import type { GrantContext, GrantUser } from "./grants";
import { AuthMessages, missingParameter, signInFailed } from "./messages";
import { OAuthError, RefreshReuseError } from "./oauthError";
import { issueTokens, rotateRefreshToken, type IssuedTokens } from "./sessions";

type Params = GrantContext["params"];

/**
 * Query string and body (form or JSON) together, the body winning: the app sends a form body,
 * SPEC 7's callers the query. Values that are not text are ignored.
 */
export function paramsOf(request: FastifyRequest): Params {
  const params: Record<string, string> = {};
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== "object" || Array.isArray(source)) continue;
    for (const [key, value] of Object.entries(source)) {
      if (typeof value === "string") params[key] = value;
      else if (typeof value === "number") params[key] = String(value);
    }
  }
  return params;
}

/** Grants check credentials; every account, however it proves itself, must also be usable. */
async function assertMaySignIn(app: FastifyInstance, user: GrantUser): Promise<void> {
  const row = await app.db.selectFrom("users").select(["status", "deleted"]).where("id", "=", user.id).executeTakeFirst();
  if (!row || row.deleted === 1) throw new OAuthError("invalid_grant", "no such user", AuthMessages.badCredentials);
  if (row.status !== "enabled") throw new OAuthError("invalid_grant", "account disabled", AuthMessages.disabled);
}

function tokenAnswer(issued: IssuedTokens) {
  return {
    access_token: issued.accessToken,
    token_type: "bearer" as const,
    expires_in: issued.expiresIn,
    refresh_token: issued.refreshToken,
    scope: "all",
    code: OK_CODE,
    message: "success",
  };
}

/**
 * POST /uaa/oauth/token and GET /oauth/token: the OAuth 2.0 token endpoint (RFC 6749) with the
 * envelope's code and message added. Every sign-in attempt, whatever its grant, becomes a log
 * row; refreshing does not, except when a reused refresh token ends a session.
 */
export function tokenEndpoint(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Token answers must never be cached (RFC 6749 5.1).
    reply.header("cache-control", "no-store").header("pragma", "no-cache");
    const params = paramsOf(request);
    const grantType = params.grant_type;
    let user: GrantUser | null = null;
    const log = (logAction: string, failed: boolean, errorMessage: string | null = null) =>
      writeLog(app, {
        logAction,
        logType: 1,
        failed,
        userId: user?.id ?? null,
        userName: user?.username ?? params.username ?? null,
        remoteAddr: request.ip,
        method: request.method,
        path: request.url.split("?")[0],
        params,
        durationMs: reply.elapsedTime,
        errorMessage,
      });

    try {
      const clientId = authenticateClient(app.config, request, params);
      if (!grantType) throw new OAuthError("invalid_request", "grant_type is required", missingParameter("grant_type"));
      if (grantType === "refresh_token") {
        const refreshToken = params.refresh_token;
        if (!refreshToken) throw new OAuthError("invalid_request", "refresh_token is required", missingParameter("refresh_token"));
        return tokenAnswer(await rotateRefreshToken(app, refreshToken, clientId));
      }
      const grant = app.grants.get(grantType);
      if (!grant) throw new OAuthError("unsupported_grant_type", `grant_type ${grantType} is not supported`, AuthMessages.unsupportedGrant);
      const signedIn = await grant({ request, params, clientId });
      user = signedIn;
      await assertMaySignIn(app, signedIn);
      const issued = await issueTokens(app, signedIn.id, { clientId, ip: request.ip, userAgent: request.headers["user-agent"] ?? null });
      log(LogAction.signedIn, false);
      return tokenAnswer(issued);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      if (error instanceof RefreshReuseError) {
        user = error.user;
        log(LogAction.refreshReused, true, error.description);
      } else if (grantType !== "refresh_token") {
        log(signInFailed(error.text), true, error.description);
      }
      return reply.status(error.httpStatus).send({ error: error.error, error_description: error.description, code: error.code, message: error.text.in(requestLocale(request)) });
    }
  };
}

/** The RFC 6749 5.2 code of a refusal outside the grants (RFC 6749 4.1.2.1 for the temporary ones). */
function oauthCodeOf(httpStatus: number): string {
  if (httpStatus === 401) return "invalid_client";
  if (httpStatus === 429 || httpStatus >= 500) return "temporarily_unavailable";
  return "invalid_request";
}

/**
 * The token routes' error handler. What is refused around the endpoint itself (a body that is not
 * JSON or is empty, one too large, an unsupported content type, too many attempts, single sign-on
 * unavailable) is answered in the endpoint's own shape, `error` and `error_description` for OAuth
 * clients and the envelope's `code` and `message` (in the caller's language) for the app. Anything else (a database
 * that is down, a bug) is the app-wide handler's, which answers 503 or 500 and logs it.
 */
export function tokenErrorHandler(app: Pick<FastifyInstance, "config" | "errorHandler">) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = error instanceof AppError ? error : fromFrameworkError(error, app.config.uploadMaxMb);
    if (!known) return app.errorHandler(error, request, reply);
    request.log.info({ code: known.code, reason: known.message }, "token request refused");
    return reply.status(known.httpStatus).send({
      error: oauthCodeOf(known.httpStatus),
      error_description: (STATUS_CODES[known.httpStatus] ?? "error").toLowerCase(),
      code: known.code,
      message: known.text.in(requestLocale(request)),
    });
  };
}
