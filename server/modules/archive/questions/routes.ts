import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MenuCode } from "../../../../contract/menus";
import { signedInUser } from "../../../plugins/auth";
import { Enveloped, ok } from "../../../plugins/envelope";
import { Dimension, DimensionSaveBody, Question, QuestionDeleteBody, QuestionListBody, QuestionSaveBody, ServiceQuestion } from "./schemas";
import { Questionnaires } from "./service";

const TAGS = ["敲门服务档案"];

/** The questionnaire tabs (SPEC 2 "Question tabs"): read with SERVICE_FILES, edited by administrators. */
const questionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const questionnaires = new Questionnaires({ db: app.db, dialect: app.dialect, timeZone: app.config.timeZone });

  app.get(
    "/api/archives/queryDimension",
    {
      config: { access: MenuCode.SERVICE_FILES, logAction: false },
      schema: { tags: TAGS, summary: "问卷维度（档案页签），按排序", response: { 200: Enveloped(Type.Array(Dimension)) } },
    },
    async () => ok(await questionnaires.dimensions()),
  );

  app.post(
    "/api/archives/queryServiceQuestion",
    {
      config: { access: MenuCode.SERVICE_FILES, logAction: false },
      schema: {
        tags: TAGS,
        summary: "某维度的问题及该企业的当前回答、版本与最近修改人和时间",
        body: QuestionListBody,
        response: { 200: Enveloped(Type.Array(ServiceQuestion)) },
      },
    },
    async (request) => ok(await questionnaires.questionsOf(request.body.compId, request.body.serviceType)),
  );

  app.post(
    "/api/archives/dimension/save",
    {
      config: { access: MenuCode.ADMIN_DIMENSIONS, logAction: "保存维度" },
      schema: { tags: TAGS, summary: "新增（不带 serviceNo）或修改维度", body: DimensionSaveBody, response: { 200: Enveloped(Dimension) } },
    },
    async (request) => ok(await questionnaires.saveDimension(request.body), { status: 1 }),
  );

  app.post(
    "/api/archives/question/save",
    {
      config: { access: MenuCode.ADMIN_DIMENSIONS, logAction: "保存问题" },
      schema: { tags: TAGS, summary: "新增（不带 questionNo）或修改问题", body: QuestionSaveBody, response: { 200: Enveloped(Question) } },
    },
    async (request) => ok(await questionnaires.saveQuestion(signedInUser(request).id, request.body), { status: 1 }),
  );

  app.post(
    "/api/archives/question/delete",
    {
      config: { access: MenuCode.ADMIN_DIMENSIONS, logAction: "删除问题" },
      schema: { tags: TAGS, summary: "删除尚无企业回答的问题", body: QuestionDeleteBody, response: { 200: Enveloped(Type.Null()) } },
    },
    async (request) => {
      await questionnaires.deleteQuestion(request.body.questionNo);
      return ok(null, { status: 1 });
    },
  );
};

export default questionRoutes;
