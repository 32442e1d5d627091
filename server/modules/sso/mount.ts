import type { IncomingMessage } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { identityProviderPolicy } from "../../plugins/security";
import { AUTO_SUBMIT_SOURCE } from "./pages";
import type { App } from "../../types";
import type { CurrentDevProvider } from "./devProvider";
import { devIssuerOf, IDP_PREFIX } from "./provider";

/** RP-Initiated Logout's parameters (OpenID Connect RP-Initiated Logout 1.0, section 2). */
const END_SESSION_PARAMS = ["id_token_hint", "post_logout_redirect_uri", "state", "client_id", "logout_hint", "ui_locales"];

/**
 * Hands /idp and /idp/* to the provider (a Koa application) with the raw request and response.
 * Fastify's body parsers are kept out of this scope: the provider reads its own form posts.
 *
 * The one exception is the sign-out the app posts to /idp/session/end. oidc-provider takes POST
 * there only with SameSite=None cookies, which browsers drop over plain http, so the form post is
 * read here and handed to the provider as its GET: the id token stays out of every address the
 * browser, a proxy or the request log sees.
 */
export async function mountDevProvider(app: App, current: CurrentDevProvider): Promise<void> {
  const publicUrl = new URL(app.config.publicUrl);
  const mountPath = new URL(devIssuerOf(app.config.publicUrl)).pathname;

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const req: IncomingMessage & { originalUrl?: string } = request.raw;
    const rest = (req.url ?? "").slice(IDP_PREFIX.length);
    req.url = rest.startsWith("/") ? rest : `/${rest}`;
    // The provider writes its addresses from where it thinks it is mounted (originalUrl minus url)
    // and from the forwarded host and scheme; both are made to say the issuer, whatever the Host.
    req.originalUrl = `${mountPath}${req.url}`;
    req.headers["x-forwarded-proto"] = publicUrl.protocol.slice(0, -1);
    req.headers["x-forwarded-host"] = publicUrl.host;
    reply.raw.setHeader("x-request-id", request.id);
    await (await current()).handle(req, reply.raw);
  };

  const options = {
    config: { access: "public" as const, logAction: false as const },
    // The sign-out page posts itself (pages.ts); oidc-provider adds the hash of its own form_post script.
    helmet: { contentSecurityPolicy: { useDefaults: false, directives: { ...identityProviderPolicy(app.config), scriptSrc: [AUTO_SUBMIT_SOURCE] } } },
    schema: { hide: true },
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    for (const url of [IDP_PREFIX, `${IDP_PREFIX}/*`]) {
      scope.route({ method: ["GET", "POST", "OPTIONS"], url, ...options, handler: forward });
    }
  });

  await app.register(async (scope) => {
    scope.post(`${IDP_PREFIX}/session/end`, options, async (request, reply) => {
      const body = request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
      const query = new URLSearchParams();
      for (const name of END_SESSION_PARAMS) {
        const value = body[name];
        if (typeof value === "string") query.set(name, value);
      }
      request.raw.method = "GET";
      request.raw.url = `${IDP_PREFIX}/session/end?${query}`;
      await forward(request, reply);
    });
  });
}
