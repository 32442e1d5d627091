import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { LogAction } from "../../../contract/logActions";
import { MenuCode } from "../../../contract/menus";
import { AppError } from "../../errors";
import { signedInUser } from "../../plugins/auth";
import { Enveloped, ok } from "../../plugins/envelope";
import { listUsers } from "./list";
import { AdminUser, AdminUserPage, ResetPassword, RolesBody, UserEditBody, UserEdited, UserIdBody, UserIdParams, UserListBody } from "../../../contract/schemas/users";
import { UserAdmin, UserMessages } from "./service";

/** /api/user/edit adds a user without an id in the body and edits the one it names otherwise. */
const hasId = (body: unknown): boolean => typeof body === "object" && body !== null && "id" in body && (body as { id?: unknown }).id != null;

const TAGS = ["用户管理"];

/**
 * The user list (/user) and user management (/userCenter/userManage): the list needs ADMIN_USERS,
 * every change ADMIN_USERS_EDIT. The path /api/user/del/{code} takes the user id as its code.
 */
const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, dialect: app.dialect, config: app.config, timeZone: app.config.timeZone };
  const users = new UserAdmin(deps);
  const actor = (request: Parameters<typeof signedInUser>[0]) => {
    const user = signedInUser(request);
    return { id: user.id, sessionId: user.sessionId };
  };

  app.post(
    "/api/user/listData",
    {
      config: { access: MenuCode.ADMIN_USERS, logAction: false },
      schema: { tags: TAGS, summary: "用户列表：按姓名、手机号、角色、状态或关键词查询，最新创建的在前；不含已删除用户", body: UserListBody, response: { 200: Enveloped(AdminUserPage) } },
    },
    async (request) => ok(await listUsers(deps, request.body)),
  );

  app.post(
    "/api/user/edit",
    {
      config: { access: MenuCode.ADMIN_USERS_EDIT, logAction: (request) => (hasId(request.body) ? LogAction.userUpdated : LogAction.userCreated) },
      schema: {
        tags: TAGS,
        summary: "新增用户（不带 id，返回只显示一次的初始密码）或修改用户（带 id：姓名、手机号、角色、所属企业）",
        body: UserEditBody,
        response: { 200: Enveloped(UserEdited) },
      },
    },
    async (request) => {
      const { id, username, ...fields } = request.body;
      if (id !== undefined) return ok(await users.edit({ id, ...fields }), { status: 1 });
      if (username === undefined) throw AppError.badRequest(UserMessages.usernameRequired);
      return ok(await users.create({ username, ...fields }), { status: 1 });
    },
  );

  app.post(
    "/api/user/release/conf",
    {
      config: { access: MenuCode.ADMIN_USERS_EDIT, logAction: LogAction.userRolesAssigned },
      schema: { tags: TAGS, summary: "设置用户的角色", body: RolesBody, response: { 200: Enveloped(AdminUser) } },
    },
    async (request) => ok(await users.setRoles(request.body.id, request.body.roleCodes), { status: 1 }),
  );

  app.post(
    "/api/user/disabled",
    {
      config: { access: MenuCode.ADMIN_USERS_EDIT, logAction: LogAction.userDisabled },
      schema: { tags: TAGS, summary: "停用用户：其会话随即结束，之后不能登录", body: UserIdBody, response: { 200: Enveloped(AdminUser) } },
    },
    async (request) => ok(await users.disable(actor(request), request.body.id), { status: 1 }),
  );

  app.post(
    "/api/user/enabled",
    {
      config: { access: MenuCode.ADMIN_USERS_EDIT, logAction: LogAction.userEnabled },
      schema: { tags: TAGS, summary: "启用用户", body: UserIdBody, response: { 200: Enveloped(AdminUser) } },
    },
    async (request) => ok(await users.enable(request.body.id), { status: 1 }),
  );

  app.get(
    "/api/user/del/:id",
    {
      config: { access: MenuCode.ADMIN_USERS_EDIT, logAction: LogAction.userDeleted },
      schema: { tags: TAGS, summary: "删除用户：不能再登录，其会话随即结束；其写下的记录仍显示其姓名", params: UserIdParams, response: { 200: Enveloped(Type.Null()) } },
    },
    async (request) => {
      await users.remove(actor(request), request.params.id);
      return ok(null, { status: 1 });
    },
  );

  app.post(
    "/api/user/resetPwd",
    {
      config: { access: MenuCode.ADMIN_USERS_EDIT, logAction: LogAction.userPasswordReset },
      schema: { tags: TAGS, summary: "重置密码：返回只显示一次的新密码，用户下次登录须修改；其会话随即结束", body: UserIdBody, response: { 200: Enveloped(ResetPassword) } },
    },
    async (request) => ok({ password: await users.resetPassword(actor(request), request.body.id) }, { status: 1 }),
  );
};

export default usersRoutes;
