import { Type, type FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Interaction } from "oidc-provider";
import { identityProviderHelmet } from "../../plugins/security";
import type { CurrentDevProvider } from "./devProvider";
import { checkIdpCredentials } from "./idpAccounts";
import { errorPage, loginPage } from "./pages";
import { devIssuerOf, IDP_PREFIX } from "./provider";

const WRONG_CREDENTIALS = "账号或密码错误";
const EXPIRED = "登录已超时或已完成，请返回平台重新登录。";

const UidParams = Type.Object({ uid: Type.String({ maxLength: 100 }) });
const LoginForm = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 100 })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
});

const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
  reply.status(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(html);

/**
 * The development provider's interaction pages (its login and consent steps), answered by Fastify
 * rather than the provider: a Chinese login form, and consent given at once, since the only client
 * is the platform's own app.
 */
export function interactionRoutes(current: CurrentDevProvider): FastifyPluginAsyncTypebox {
  return async (app) => {
    const base = `${new URL(devIssuerOf(app.config.publicUrl)).pathname}/interaction`;
    const options = { config: { access: "public" as const, logAction: false as const }, helmet: identityProviderHelmet(app.config) };

    /** The interaction of the address, when this browser is in it (its cookie); null once expired or finished. */
    const interactionOf = async (request: FastifyRequest, reply: FastifyReply, uid: string): Promise<Interaction | null> => {
      try {
        const interaction = await (await current()).provider.interactionDetails(request.raw, reply.raw);
        return interaction.uid === uid ? interaction : null;
      } catch (error) {
        // The provider's own refusals (no interaction cookie, interaction expired) are exposed; a failing database is not.
        if (!(error as { expose?: boolean }).expose) throw error;
        request.log.info({ err: error }, "no development SSO interaction");
        return null;
      }
    };

    const showLogin = (reply: FastifyReply, uid: string, extra: { username?: string; error?: string } = {}) =>
      sendHtml(reply, loginPage({ loginAction: `${base}/${uid}/login`, abortAction: `${base}/${uid}/abort`, ...extra }));

    const consent = async (request: FastifyRequest, reply: FastifyReply, interaction: Interaction): Promise<string> => {
      const { provider } = await current();
      const accountId = interaction.session?.accountId;
      if (!accountId) throw new Error("consent prompt without a signed-in account");
      const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
      const grant = existing ?? new provider.Grant({ accountId, clientId: interaction.params.client_id });
      const { missingOIDCScope, missingOIDCClaims } = interaction.prompt.details;
      if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(" "));
      if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
      const grantId = await grant.save();
      return provider.interactionResult(request.raw, reply.raw, { consent: existing ? {} : { grantId } });
    };

    app.get(`${IDP_PREFIX}/interaction/:uid`, { ...options, schema: { hide: true, params: UidParams } }, async (request, reply) => {
      const interaction = await interactionOf(request, reply, request.params.uid);
      if (!interaction) return sendHtml(reply, errorPage(EXPIRED), 400);
      if (interaction.prompt.name === "login") return showLogin(reply, interaction.uid);
      return reply.redirect(await consent(request, reply, interaction), 303);
    });

    app.post(
      `${IDP_PREFIX}/interaction/:uid/login`,
      { ...options, schema: { hide: true, params: UidParams, body: LoginForm } },
      async (request, reply) => {
        const interaction = await interactionOf(request, reply, request.params.uid);
        if (!interaction || interaction.prompt.name !== "login") return sendHtml(reply, errorPage(EXPIRED), 400);
        const username = request.body.username?.trim() ?? "";
        const account = await checkIdpCredentials(app.db, username, request.body.password ?? "");
        if (!account) return showLogin(reply, interaction.uid, { username, error: WRONG_CREDENTIALS });
        const returnTo = await (await current()).provider.interactionResult(request.raw, reply.raw, { login: { accountId: account.sub } });
        return reply.redirect(returnTo, 303);
      },
    );

    app.post(`${IDP_PREFIX}/interaction/:uid/abort`, { ...options, schema: { hide: true, params: UidParams } }, async (request, reply) => {
      const interaction = await interactionOf(request, reply, request.params.uid);
      if (!interaction) return sendHtml(reply, errorPage(EXPIRED), 400);
      const returnTo = await (await current()).provider.interactionResult(request.raw, reply.raw, {
        error: "access_denied",
        error_description: "用户取消了登录",
      });
      return reply.redirect(returnTo, 303);
    });
  };
}
