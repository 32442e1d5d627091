import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../../contract/limits";
import { LogAction } from "../../../contract/logActions";
import { MenuCode } from "../../../contract/menus";
import { Enveloped, ok } from "../../plugins/envelope";
import { Id, PageNumber, PageSize, SearchText } from "../../schemas";
import { endSession, listSessions } from "./service";

const TAGS = ["会话管理"];
const NullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

const SessionListBody = Type.Object({
  current: PageNumber,
  size: PageSize(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  model: Type.Optional(Type.Object({ username: Type.Optional(SearchText({ description: "用户名包含" })) })),
});

const Session = Type.Object({
  id: Type.Integer({ description: "会话编号" }),
  userId: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  ip: NullableText("登录 IP"),
  browser: Type.String({ description: "浏览器与系统，如 Chrome 126 / Windows" }),
  userAgent: NullableText("完整的 User-Agent"),
  signInDate: Type.String({ description: "登录时间 YYYY-MM-DD HH:mm:ss" }),
  lastCallDate: Type.String({ description: "最近一次调用的时间（每分钟至多记录一次）" }),
});

const SessionPage = Type.Object({ records: Type.Array(Session), total: Type.Integer(), current: Type.Integer(), size: Type.Integer() });

/** Administrators see who is signed in, from where, and can end any session. */
const sessionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/api/session/list",
    {
      config: { access: MenuCode.ADMIN_SESSIONS, logAction: false },
      schema: { tags: TAGS, summary: "在线会话：未结束且令牌仍有效的会话，最近活动的在前", body: SessionListBody, response: { 200: Enveloped(SessionPage) } },
    },
    async (request) => ok(await listSessions(app, request.body)),
  );

  app.post(
    "/api/session/end",
    {
      config: { access: MenuCode.ADMIN_SESSIONS, logAction: LogAction.sessionEnded },
      schema: { tags: TAGS, summary: "结束会话：该用户下一次调用得到 41202", body: Type.Object({ id: Id({ description: "会话编号" }) }), response: { 200: Enveloped(Type.Null()) } },
    },
    async (request) => {
      await endSession(app, request.body.id);
      return ok(null, { status: 1 });
    },
  );
};

export default sessionsRoutes;
