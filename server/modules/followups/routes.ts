import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LogAction } from "../../../contract/logActions";
import { MenuCode } from "../../../contract/menus";
import {
  FollowupCloseBody,
  FollowupPage,
  FollowupPageBody,
  FollowupRule,
  FollowupRuleBody,
  FollowupRuleParams,
  FollowupSummary,
} from "../../../contract/schemas/followups";
import { Nothing } from "../../../contract/schemas/primitives";
import { signedInUser } from "../../plugins/auth";
import { Enveloped, ok } from "../../plugins/envelope";
import { CompanyScope } from "../companies/owners";
import { registerFollowupDigest } from "./digest";
import { Followups } from "./service";

const TAGS = ["我的待跟进"];

/** 我的待跟进 (/followups), the header's counts, closing a follow-up, the no-visit rule, and the daily digest. */
const followupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const followups = new Followups({ db: app.db, dialect: app.dialect, timeZone: app.config.timeZone });
  const scope = new CompanyScope(app.db);
  registerFollowupDigest(app);

  app.post(
    "/api/followups/listData",
    {
      config: { access: MenuCode.FOLLOWUPS, logAction: false },
      schema: {
        tags: TAGS,
        summary: "本人负责企业的待跟进事项（不负责企业而数据范围为全部时为全部企业的），应跟进时间最早（逾期最久）的在前；due：overdue、today、week、all",
        body: FollowupPageBody,
        response: { 200: Enveloped(FollowupPage) },
      },
    },
    async (request) => {
      const { current, size, model } = request.body;
      return ok(await followups.page(signedInUser(request), { current, size, due: model?.due ?? "all" }, new Date()));
    },
  );

  app.get(
    "/api/followups/summary",
    {
      config: { access: MenuCode.FOLLOWUPS, logAction: false },
      schema: { tags: TAGS, summary: "待跟进数：已逾期、今天、今天起 7 天内（按服务器时区的日期）", response: { 200: Enveloped(FollowupSummary) } },
    },
    async (request) => ok(await followups.summary(signedInUser(request), new Date())),
  );

  app.post(
    "/api/followups/close",
    {
      config: { access: MenuCode.FOLLOWUPS, logAction: LogAction.followupClosed },
      schema: {
        tags: TAGS,
        summary: "写明原因关闭企业当前的待跟进事项（记录关闭人与时间）；已有新的走访时 409",
        body: FollowupCloseBody,
        response: { 200: Enveloped(Nothing) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await scope.check(user, [request.body.compId]);
      await followups.close(user, request.body, new Date());
      return ok(null, { status: 1 });
    },
  );

  app.get(
    "/api/company/followupRule/:id",
    {
      config: { access: MenuCode.ADMIN_COMPANIES, logAction: false },
      schema: { tags: TAGS, summary: "企业的“N 天未走访”跟进规则", params: FollowupRuleParams, response: { 200: Enveloped(FollowupRule) } },
    },
    async (request) => ok({ compId: request.params.id, days: await followups.rule(request.params.id) }),
  );

  app.post(
    "/api/company/followupRule",
    {
      config: { access: MenuCode.ADMIN_COMPANIES, logAction: LogAction.followupRuleSet },
      schema: {
        tags: TAGS,
        summary: "设置企业的“N 天未走访”跟进规则（7、15、30 天；null 取消）：超过 N 天未走访即列入负责人的待跟进",
        body: FollowupRuleBody,
        response: { 200: Enveloped(FollowupRule) },
      },
    },
    async (request) => {
      const { compId, days } = request.body;
      await followups.setRule(compId, days, signedInUser(request).id, new Date());
      return ok({ compId, days }, { status: 1 });
    },
  );
};

export default followupRoutes;
