import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { toDbTime } from "../../db/time";
import type { GrantContext, GrantUser } from "../auth/grants";
import { requireParam } from "../auth/passwordGrant";
import { CLOCK_TOLERANCE_S, invalidIdToken, verifyIdToken } from "./idToken";
import type { SsoIssuer } from "./issuer";
import { userForIdentity } from "./ssoUsers";

type Deps = Pick<FastifyInstance, "db" | "dialect" | "log">;

/**
 * Marks the id token used; false when it already was. Kept until it would be refused as expired
 * anyway, after which its row is swept; the first of two racing exchanges wins (primary key).
 */
async function spend(app: Deps, idToken: string, exp: number): Promise<boolean> {
  const now = new Date();
  await app.db.deleteFrom("usedIdTokens").where("expiresAt", "<", toDbTime(app.dialect, now)).execute();
  const inserted = await app.db
    .insertInto("usedIdTokens")
    .values({
      tokenHash: createHash("sha256").update(idToken).digest("hex"),
      expiresAt: toDbTime(app.dialect, new Date((exp + CLOCK_TOLERANCE_S) * 1000)),
    })
    .onConflict((oc) => oc.column("tokenHash").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * grant_type=vcpwd (SPEC 7, the patent-navigation token request): ex_token is the id token the
 * app got from the provider. Once the provider's signature vouches for it, its subject signs in
 * as the platform user behind it; the token endpoint then issues our own tokens. Each id token
 * signs in once: a copy (from a log, a shared computer's history) is refused.
 */
export function vcpwdGrant(app: Deps, sso: SsoIssuer) {
  return async ({ request, params }: GrantContext): Promise<GrantUser> => {
    const idToken = requireParam(params, "ex_token");
    const identity = await verifyIdToken(sso, idToken);
    if (!(await spend(app, idToken, identity.exp))) throw invalidIdToken("id token already used");
    const { user, matched } = await userForIdentity(app, identity);
    request.log.info({ userId: user.id, matched }, "single sign-on identity accepted");
    return user;
  };
}
