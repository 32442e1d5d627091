import type { App } from "../../types";
import { registerGrant } from "../auth/grants";
import { startDevProviderWhenReady } from "./devProvider";
import { interactionRoutes } from "./interactions";
import { builtInIssuer, externalIssuer, type SsoIssuer } from "./issuer";
import { mountDevProvider } from "./mount";
import { ssoRoutes } from "./routes";
import { vcpwdGrant } from "./vcpwdGrant";

/**
 * Single sign-on (SPEC 7): the external provider of OIDC_ISSUER, or else the development provider
 * at /idp with its test accounts; /api/open/sso, /oauth/check_token and the vcpwd grant. Register
 * after registerSignIn, whose grant registry vcpwd joins.
 */
export async function registerSso(app: App): Promise<void> {
  let sso: SsoIssuer;
  if (app.config.oidc) {
    sso = externalIssuer(app.config.oidc, app.log);
  } else {
    const current = startDevProviderWhenReady(app);
    await mountDevProvider(app, current);
    await app.register(interactionRoutes(current));
    sso = builtInIssuer(app.config.publicUrl, current);
  }
  registerGrant(app, "vcpwd", vcpwdGrant(app, sso));
  await app.register(ssoRoutes(sso));
}
