import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LogAction } from "../../../contract/logActions";
import { signedInUser } from "../../plugins/auth";
import { Enveloped, ok } from "../../plugins/envelope";
import { rateLimitOf } from "../../plugins/rateLimit";
import { smsCodesFor } from "../sms/service";
import {
  ChangeMobileBody,
  ChangePasswordBody,
  InfoExists,
  InfoExistsBody,
  PersonInfo,
  PersonInfoBody,
  RegisterBody,
  Registered,
  ResetPasswordBody,
} from "../../../contract/schemas/accounts";
import { Nothing } from "../../../contract/schemas/primitives";
import { changeMobile, changePassword, changePersonInfo, infoExists, register, resetPassword, type AccountDeps } from "./service";

const TAGS = ["账号"];

/**
 * Registration, password recovery and change, personal details and mobile number. Several calls
 * answer at two paths: the platform's own and the legacy user-center one (SPEC 7).
 */
const accountsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps: AccountDeps = { db: app.db, dialect: app.dialect, config: app.config, sms: smsCodesFor(app) };
  // Per client address, over both paths of each call; registration and password reset share one.
  const accountLimit = rateLimitOf(app.config, "account");
  const infoExistsLimit = rateLimitOf(app.config, "infoExists");

  for (const url of ["/api/user/register", "/patnavi/ucenter/user/cdgxq/register"]) {
    app.post(
      url,
      {
        config: { access: "public", logAction: LogAction.registered, rateLimit: accountLimit },
        schema: { tags: TAGS, summary: "注册会员账号（手机号须经短信验证码确认）", body: RegisterBody, response: { 200: Enveloped(Registered) } },
      },
      async (request) => ok(await register(deps, request.body), { status: 1 }),
    );
  }

  for (const url of ["/api/user/infoExists", "/patnavi/ucenter/user/checkUserInfoRepetition"]) {
    app.post(
      url,
      {
        config: { access: "public", logAction: false, rateLimit: infoExistsLimit },
        schema: { tags: TAGS, summary: "用户名或手机号是否已被占用", body: InfoExistsBody, response: { 200: Enveloped(InfoExists) } },
      },
      async (request) => ok({ exists: await infoExists(deps, request.body.type, request.body.value) }),
    );
  }

  for (const url of ["/api/user/forgetPwd", "/patnavi/ucenter/user/passwd-reset"]) {
    app.post(
      url,
      {
        config: { access: "public", logAction: LogAction.passwordRetrieved, rateLimit: accountLimit },
        schema: { tags: TAGS, summary: "凭短信验证码重设密码；该账号的所有会话随即结束", body: ResetPasswordBody, response: { 200: Enveloped(Nothing) } },
      },
      async (request) => {
        await resetPassword(deps, request.body);
        return ok(null, { status: 1 });
      },
    );
  }

  app.post(
    "/patnavi/ucenter/rest/user/passwd",
    {
      config: { access: "signedIn", allowDuringPasswordChange: true, logAction: LogAction.passwordChanged },
      schema: { tags: TAGS, summary: "凭原密码修改密码；其他会话随即结束", body: ChangePasswordBody, response: { 200: Enveloped(Nothing) } },
    },
    async (request) => {
      await changePassword(deps, signedInUser(request), request.body);
      return ok(null, { status: 1 });
    },
  );

  for (const url of ["/api/user/changePersonInfo", "/patnavi/ucenter/user/detail"]) {
    app.post(
      url,
      {
        config: { access: "signedIn", logAction: LogAction.profileUpdated },
        schema: { tags: TAGS, summary: "修改个人信息（姓名、头像、邮箱）", body: PersonInfoBody, response: { 200: Enveloped(PersonInfo) } },
      },
      async (request) => ok(await changePersonInfo(deps, signedInUser(request).id, request.body), { status: 1 }),
    );
  }

  app.post(
    "/api/user/update/mobile",
    {
      config: { access: "signedIn", logAction: LogAction.mobileChanged },
      schema: { tags: TAGS, summary: "更换手机号（短信验证码发到新手机号）", body: ChangeMobileBody, response: { 200: Enveloped(Nothing) } },
    },
    async (request) => {
      await changeMobile(deps, signedInUser(request).id, request.body);
      return ok(null, { status: 1 });
    },
  );
};

export default accountsRoutes;
