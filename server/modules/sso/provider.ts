import type Provider from "oidc-provider";
import { ErrorCode } from "../../../contract/envelope";
import { Messages } from "../../errors";
import type { App } from "../../types";
import { KyselyAdapter } from "./adapter";
import { claimsOf, findIdpAccount } from "./idpAccounts";
import type { ProviderSecrets } from "./keys";
import { errorPage, logoutPage, signedOutPage } from "./pages";

/** Where the development provider lives on this server; its issuer is PUBLIC_URL followed by this. */
export const IDP_PREFIX = "/idp";
/** The app's client at the development provider (an external one names it with OIDC_CLIENT_ID). */
export const DEV_CLIENT_ID = "platform-web";
/** SPEC 7: the scopes of the authorize request. */
export const SSO_SCOPES = "openid profile phone offline_access";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

export const callbackUrlOf = (publicUrl: string) => `${publicUrl}/authorization-callback`;
/** Where the provider sends the browser back after signing out (RP-initiated logout): the app's login page. */
export const postLogoutUrlOf = (publicUrl: string) => `${publicUrl}/login/index`;
export const devIssuerOf = (publicUrl: string) => `${publicUrl}${IDP_PREFIX}`;

/**
 * oidc-provider is loaded only when the development provider runs. On import it warns that it wants
 * Node.js 22; the platform supports 20.19 and later, where its tests pass, and that line would be
 * the server's only output on stderr, where operators look for failures. It alone is dropped.
 */
async function loadProvider(): Promise<typeof Provider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes("Unsupported runtime")) warn(...args);
  };
  try {
    return (await import("oidc-provider")).default;
  } finally {
    console.warn = warn;
  }
}

/**
 * The development OpenID provider (DESIGN.md "Runtime"): the real protocol, so the app's SSO path
 * runs unchanged against it. One client, the app itself: public (the browser holds no secret),
 * PKCE S256 required, code flow only, returning to the authorization-callback page.
 */
export async function createDevProvider(app: App, secrets: ProviderSecrets): Promise<Provider> {
  const OidcProvider = await loadProvider();
  const { publicUrl } = app.config;
  const issuer = devIssuerOf(publicUrl);
  const mountPath = new URL(issuer).pathname;
  const appOrigin = new URL(publicUrl).origin;

  const provider = new OidcProvider(issuer, {
    adapter: (model) => new KyselyAdapter(model, app.db, app.dialect),
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        token_endpoint_auth_method: "none",
        application_type: "web",
        redirect_uris: [callbackUrlOf(publicUrl)],
        post_logout_redirect_uris: [postLogoutUrlOf(publicUrl)],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        scope: SSO_SCOPES,
      },
    ],
    // The app posts the code to the token endpoint from its own pages: only its origin may read the answer.
    clientBasedCORS: (_ctx, origin) => origin === appOrigin,
    claims: {
      openid: ["sub"],
      profile: ["name", "preferred_username"],
      phone: ["phone_number", "phone_number_verified"],
    },
    // vcpwd reads name and phone from the id token itself, as it would from an external provider's.
    conformIdTokenClaims: false,
    cookies: { keys: [secrets.cookieSecret] },
    features: {
      // Replaced by the Chinese login page of server/modules/sso/interactions.ts.
      devInteractions: { enabled: false },
      // The app's logout ends the provider's session too (OpenID Connect RP-Initiated Logout),
      // so that on a shared computer the next single sign-on asks for a password again.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = "html";
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = "html";
          ctx.body = signedOutPage();
        },
      },
    },
    findAccount: async (_ctx, sub) => {
      const account = await findIdpAccount(app.db, sub);
      return account ? { accountId: account.sub, claims: () => claimsOf(account) } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    jwks: { keys: [secrets.signingKey] },
    pkce: { required: () => true },
    renderError: async (ctx, out) => {
      ctx.type = "html";
      ctx.body = errorPage(`登录请求无效（${out.error ?? "server_error"}），请返回平台重新登录。`);
    },
    responseTypes: ["code"],
    scopes: SSO_SCOPES.split(" "),
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      RefreshToken: 14 * DAY,
      Interaction: HOUR,
      Session: 14 * DAY,
      Grant: 14 * DAY,
    },
  });
  // The issuer is fixed by PUBLIC_URL; the mount tells the provider so through forwarded headers.
  provider.proxy = true;
  // A path under /idp that the provider does not know gets the platform's not-found envelope, not Koa's bare text.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body == null) {
      ctx.type = "json";
      ctx.body = { code: ErrorCode.NOT_FOUND, message: String(Messages.notFound) };
      // Koa turns a status it was not told into 200 when a body is set.
      ctx.status = 404;
    }
  });
  provider.on("server_error", (_ctx: unknown, error: unknown) => app.log.error({ err: error }, "development OpenID provider failed"));
  return provider;
}
