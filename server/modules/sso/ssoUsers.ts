import { randomBytes, randomInt } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { MOBILE_PATTERN } from "../../../contract/account";
import { RoleCode } from "../../../contract/menus";
import { toDbTime } from "../../db/time";
import { hashPassword } from "../../security/password";
import { userIdByMobile } from "../accounts/users";
import type { GrantUser } from "../auth/grants";
import type { Identity } from "./idToken";

type Deps = Pick<FastifyInstance, "db" | "dialect">;

/** Whether the account may sign in (enabled, not deleted) is the token endpoint's check. */
export type SsoUser = GrantUser;

/** How the user was found, for the log. */
export type Matched = "subject" | "phone" | "created";

const DEFAULT_NAME = "单点登录用户";
const USERNAME_MAX = 20;
const USERNAME_TRIES = 10;

async function bySubject(deps: Deps, sub: string): Promise<SsoUser | undefined> {
  return deps.db.selectFrom("users").select(["id", "username"]).where("oidcSubject", "=", sub).executeTakeFirst();
}

/** The provider's E.164 form (+86 138...) or a bare mainland number, as users.mobile holds it. */
function mobileOf(phone: string): string | null {
  const digits = phone.replace(/[\s-]/g, "").replace(/^(\+?86)(?=1\d{10}$)/, "");
  return MOBILE_PATTERN.test(digits) ? digits : null;
}

/** A username of the platform's form (a letter, then 3-19 letters, digits or _) close to the provider's. */
function usernameBase(identity: Identity): string {
  const cleaned = (identity.preferredUsername ?? "").replace(/[^A-Za-z0-9_]/g, "");
  if (!cleaned) return "sso_user";
  const lettered = /^[A-Za-z]/.test(cleaned) ? cleaned : `sso_${cleaned}`;
  return (lettered.length >= 4 ? lettered : `${lettered}_sso`).slice(0, USERNAME_MAX);
}

/** A member account for someone the provider knows and the platform does not yet. */
async function createMember(deps: Deps, identity: Identity, mobile: string | null): Promise<SsoUser> {
  const base = usernameBase(identity);
  // Nobody knows this password: the account signs in through the provider until its owner sets one.
  const passwordHash = await hashPassword(randomBytes(32).toString("hex"));
  const now = toDbTime(deps.dialect, new Date());
  return deps.db.transaction().execute(async (trx) => {
    for (let attempt = 0; attempt < USERNAME_TRIES; attempt++) {
      const username = attempt === 0 ? base : `${base.slice(0, USERNAME_MAX - 5)}_${randomInt(1000, 10000)}`;
      const user = await trx
        .insertInto("users")
        .values({ username, passwordHash, name: identity.name ?? identity.preferredUsername ?? DEFAULT_NAME, mobile, oidcSubject: identity.sub, status: "enabled", createdAt: now, updatedAt: now })
        .onConflict((oc) => oc.column("username").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!user) continue;
      const role = await trx.selectFrom("roles").select("id").where("code", "=", RoleCode.MEMBER).executeTakeFirstOrThrow();
      await trx.insertInto("userRoles").values({ userId: user.id, roleId: role.id }).execute();
      return { id: user.id, username };
    }
    throw new Error(`no free username near ${base}`);
  });
}

/**
 * The platform user behind a verified identity: the one linked to its subject; else the one whose
 * mobile is the phone number the provider verified, linked from now on; else a new member.
 */
export async function userForIdentity(deps: Deps, identity: Identity): Promise<{ user: SsoUser; matched: Matched }> {
  const linked = await bySubject(deps, identity.sub);
  if (linked) return { user: linked, matched: "subject" };

  const mobile = identity.verifiedPhone ? mobileOf(identity.verifiedPhone) : null;
  const holderId = mobile ? await userIdByMobile(deps.db, mobile) : undefined;
  if (holderId !== undefined) {
    // Only a user not yet linked to another identity of the provider takes this one.
    const taken = await deps.db
      .updateTable("users")
      .set({ oidcSubject: identity.sub })
      .where("id", "=", holderId)
      .where("oidcSubject", "is", null)
      .executeTakeFirst();
    const user = taken.numUpdatedRows > 0n ? await bySubject(deps, identity.sub) : undefined;
    if (user) return { user, matched: "phone" };
  }

  try {
    // The number stays with its current holder; the new account gets it only when it is free.
    return { user: await createMember(deps, identity, holderId === undefined ? mobile : null), matched: "created" };
  } catch (error) {
    // Two sign-ins of one new identity at once: the other created the account (unique oidc_subject).
    const raced = await bySubject(deps, identity.sub);
    if (raced) return { user: raced, matched: "subject" };
    throw error;
  }
}
