import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { ErrorCode } from "../../../contract/envelope";
import { LOCKOUT_MS, LOCKOUT_THRESHOLD } from "../../../contract/account";
import { fromDbTime, toDbTime } from "../../db/time";
import { hashPassword, verifyPassword } from "../../security/password";
import { consumeCaptcha } from "./captcha";
import type { GrantContext, GrantUser } from "./grants";
import { AuthMessages, lockedMessage, missingParameter } from "./messages";
import { OAuthError } from "./oauthError";

type GrantDeps = Pick<FastifyInstance, "db" | "dialect" | "config">;

const badCredentials = () => new OAuthError("invalid_grant", "bad credentials", AuthMessages.badCredentials);

function locked(until: Date, timeZone: string): OAuthError {
  return new OAuthError("invalid_grant", "account locked", lockedMessage(until, timeZone), ErrorCode.ACCOUNT_LOCKED);
}

export function requireParam(params: GrantContext["params"], name: string): string {
  const value = params[name];
  if (!value) throw new OAuthError("invalid_request", `${name} is required`, missingParameter(name));
  return value;
}

/*
 * An unknown username is checked against this hash too, so that the answer takes as long as for a
 * known one and its timing does not tell which usernames exist.
 */
let decoyHash: Promise<string> | null = null;

/**
 * One more wrong password. The LOCKOUT_THRESHOLD-th in a row locks the account for LOCKOUT_MS
 * and starts the count again, so the answer is either "wrong password" or "locked until".
 */
async function recordFailure(app: GrantDeps, userId: number, now: Date): Promise<OAuthError> {
  const { failedLoginCount } = await app.db
    .updateTable("users")
    .set((eb) => ({ failedLoginCount: eb("failedLoginCount", "+", 1) }))
    .where("id", "=", userId)
    .returning("failedLoginCount")
    .executeTakeFirstOrThrow();
  if (failedLoginCount < LOCKOUT_THRESHOLD) return badCredentials();
  const until = new Date(now.getTime() + LOCKOUT_MS);
  await app.db.updateTable("users").set({ lockedUntil: toDbTime(app.dialect, until), failedLoginCount: 0 }).where("id", "=", userId).execute();
  return locked(until, app.config.timeZone);
}

/**
 * grant_type=password: the captcha first (used up by any attempt), then the account's lock, then
 * the password. Only accounts that exist count failures.
 */
export function passwordGrant(app: GrantDeps) {
  return async ({ params }: GrantContext): Promise<GrantUser> => {
    const username = requireParam(params, "username").trim();
    const password = requireParam(params, "password");
    const vid = requireParam(params, "vid");
    const vcode = requireParam(params, "vcode");
    if (!(await consumeCaptcha(app, vid, vcode))) {
      throw new OAuthError("invalid_grant", "captcha invalid or expired", AuthMessages.captchaInvalid);
    }

    const user = await app.db
      .selectFrom("users")
      .select(["id", "username", "passwordHash", "lockedUntil", "failedLoginCount"])
      .where("username", "=", username)
      .where("deleted", "=", 0)
      .executeTakeFirst();
    if (!user) {
      await verifyPassword(await (decoyHash ??= hashPassword(randomBytes(16).toString("hex"))), password);
      throw badCredentials();
    }

    const now = new Date();
    const lockedUntil = user.lockedUntil === null ? null : fromDbTime(user.lockedUntil);
    if (lockedUntil && lockedUntil > now) throw locked(lockedUntil, app.config.timeZone);
    if (!(await verifyPassword(user.passwordHash, password))) throw await recordFailure(app, user.id, now);

    if (user.failedLoginCount > 0 || lockedUntil) {
      await app.db.updateTable("users").set({ failedLoginCount: 0, lockedUntil: null }).where("id", "=", user.id).execute();
    }
    return { id: user.id, username: user.username };
  };
}
