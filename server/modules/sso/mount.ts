import type { IncomingMessage } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { identityProviderHelmet } from "../../plugins/security";
import type { App } from "../../types";
import type { CurrentDevProvider } from "./devProvider";
import { devIssuerOf, IDP_PREFIX } from "./provider";

/**
 * Hands /idp and /idp/* to the provider (a Koa application) with the raw request and response.
 * Fastify's body parsers are kept out of this scope: the provider reads its own form posts.
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
    await current().handle(req, reply.raw);
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    const options = {
      config: { access: "public" as const, logAction: false as const },
      helmet: identityProviderHelmet(app.config),
      schema: { hide: true },
    };
    for (const url of [IDP_PREFIX, `${IDP_PREFIX}/*`]) {
      scope.route({ method: ["GET", "POST", "OPTIONS"], url, ...options, handler: forward });
    }
  });
}
