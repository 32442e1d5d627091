import type { FastifyRequest } from "fastify";
import { ErrorCode } from "../../contract/envelope";
import { AppError } from "../errors";
import { AuthMessages } from "../modules/auth/messages";
import { checkAccessToken, type SignedInUser } from "../modules/auth/principal";
import type { App } from "../types";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller, when a valid access token came with the request; on public routes too. */
    user: SignedInUser | null;
  }
}

const tokenInvalid = () => new AppError(ErrorCode.TOKEN_INVALID, AuthMessages.tokenInvalid);
const sessionEnded = () => new AppError(ErrorCode.SESSION_REVOKED, AuthMessages.sessionEnded);
const passwordChangeRequired = () => new AppError(ErrorCode.PASSWORD_CHANGE_REQUIRED, AuthMessages.passwordChangeRequired, 403);

/** `Authorization: <type> <token>`: the app sends its stored token type, "bearer" or "Bearer". */
function tokenOf(request: FastifyRequest): string | null {
  const match = /^\s*\S+\s+(\S+)\s*$/.exec(request.headers.authorization ?? "");
  return match ? match[1] : null;
}

/** The caller of a signed-in route; the guard has made sure there is one. */
export function signedInUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw tokenInvalid();
  return request.user;
}

/**
 * The sign-in guard: one hook enforcing every route's `config.access` (server/types.ts). It runs
 * on request, before any body is read, so a refused upload is never received. Paths no route
 * answers (the not-found handler) are public. A user whose password was generated (a new account,
 * an administrator's reset) reaches only the routes stating `allowDuringPasswordChange` until it is
 * changed, so the generated one is never kept in use.
 */
export async function registerAuth(app: App): Promise<void> {
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    const { access = "public", allowDuringPasswordChange } = request.routeOptions.config;
    const token = tokenOf(request);
    if (token === null) {
      if (access === "public") return;
      throw tokenInvalid();
    }
    const check = await checkAccessToken(app, token);
    if (check.state !== "valid") {
      // A stale token sent along to a public route (the token endpoint itself) is no failure.
      if (access === "public") return;
      throw check.state === "ended" ? sessionEnded() : tokenInvalid();
    }
    request.user = check.user;
    if (access === "public") return;
    if (check.user.mustChangePassword && !allowDuringPasswordChange) throw passwordChangeRequired();
    if (access !== "signedIn" && !check.user.menus.includes(access)) {
      throw new AppError(ErrorCode.FORBIDDEN, AuthMessages.forbidden);
    }
  });
}
