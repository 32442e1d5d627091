import type { FastifyInstance } from "fastify";
import type { GrantContext, GrantUser } from "../auth/grants";
import { requireParam } from "../auth/passwordGrant";
import { verifyIdToken } from "./idToken";
import type { SsoIssuer } from "./issuer";
import { userForIdentity } from "./ssoUsers";

/**
 * grant_type=vcpwd (SPEC 7, the patent-navigation token request): ex_token is the id token the
 * app got from the provider. Once the provider's signature vouches for it, its subject signs in
 * as the platform user behind it; the token endpoint then issues our own tokens.
 */
export function vcpwdGrant(app: Pick<FastifyInstance, "db" | "dialect" | "log">, sso: SsoIssuer) {
  return async ({ request, params }: GrantContext): Promise<GrantUser> => {
    const identity = await verifyIdToken(sso, requireParam(params, "ex_token"));
    const { user, matched } = await userForIdentity(app, identity);
    request.log.info({ userId: user.id, matched }, "single sign-on identity accepted");
    return user;
  };
}
