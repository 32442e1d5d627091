import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LogAction } from "../../../contract/logActions";
import { MenuCode } from "../../../contract/menus";
import { requestLocale } from "../../i18n";
import { Enveloped, ok } from "../../plugins/envelope";
import { Nothing } from "../../../contract/schemas/primitives";
import { SessionIdBody, SessionListBody, SessionPage } from "../../../contract/schemas/users";
import { endSession, listSessions } from "./service";

const TAGS = ["会话管理"];

/** Administrators see who is signed in, from where, and can end any session. */
const sessionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/api/session/list",
    {
      config: { access: MenuCode.ADMIN_SESSIONS, logAction: false },
      schema: { tags: TAGS, summary: "在线会话：未结束且令牌仍有效的会话，最近活动的在前", body: SessionListBody, response: { 200: Enveloped(SessionPage) } },
    },
    async (request) => ok(await listSessions(app, request.body, requestLocale(request))),
  );

  app.post(
    "/api/session/end",
    {
      config: { access: MenuCode.ADMIN_SESSIONS, logAction: LogAction.sessionEnded },
      schema: { tags: TAGS, summary: "结束会话：该用户下一次调用得到 41202", body: SessionIdBody, response: { 200: Enveloped(Nothing) } },
    },
    async (request) => {
      await endSession(app, request.body.id);
      return ok(null, { status: 1 });
    },
  );
};

export default sessionsRoutes;
