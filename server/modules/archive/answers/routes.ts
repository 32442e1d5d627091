import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LogAction } from "../../../../contract/logActions";
import { MenuCode } from "../../../../contract/menus";
import { say } from "../../../i18n";
import { signedInUser } from "../../../plugins/auth";
import { Enveloped, ok } from "../../../plugins/envelope";
import { AnswerListBody, AnswerPage, AnswerSaveBody, AnswerSaved } from "../../../../contract/schemas/answers";
import { CompanyScope } from "../../companies/owners";
import { Answers } from "./service";

const TAGS = ["敲门服务档案"];

/** Answers of the question tabs: read with SERVICE_FILES, saved with SERVICE_FILES_EDIT. */
const answerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const answers = new Answers({ db: app.db, dialect: app.dialect, timeZone: app.config.timeZone });
  const scope = new CompanyScope(app.db);

  app.post(
    "/api/archives/queryServiceAnswer",
    {
      config: { access: MenuCode.SERVICE_FILES, logAction: false },
      schema: {
        tags: TAGS,
        summary: "带 questionNo：该问题回答的修改历史（最新在前）；不带：该企业的当前回答",
        body: AnswerListBody,
        response: { 200: Enveloped(AnswerPage) },
      },
    },
    async (request) => {
      await scope.check(signedInUser(request), [request.body.model.compId]);
      return ok(await answers.list(request.body));
    },
  );

  app.post(
    "/api/archives/serviceAnswer",
    {
      config: { access: MenuCode.SERVICE_FILES_EDIT, logAction: LogAction.answersSaved },
      schema: {
        tags: TAGS,
        summary: "保存一个页签的回答：有变化的回答连同修改历史一并保存；他人已先行修改时整体拒绝（409）",
        body: AnswerSaveBody,
        response: { 200: Enveloped(AnswerSaved) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await scope.check(user, request.body.map((item) => item.compId));
      return { ...ok({ saved: await answers.save(user.id, request.body) }, { status: 1 }), message: say(request, "archive.questions.saved") };
    },
  );
};

export default answerRoutes;
