import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MAX_PAGE_SIZE } from "../../../../contract/limits";
import { LogAction } from "../../../../contract/logActions";
import { MenuCode } from "../../../../contract/menus";
import { signedInUser } from "../../../plugins/auth";
import { Enveloped, ok } from "../../../plugins/envelope";
import {
  Dimension,
  DimensionDeleteBody,
  DimensionListBody,
  DimensionPage,
  DimensionInput,
  Question,
  QuestionAdminListBody,
  QuestionDeleteBody,
  QuestionListBody,
  QuestionPage,
  QuestionInput,
  ServiceQuestion,
} from "../../../../contract/schemas/questionnaires";
import { Questionnaires } from "./service";

const TAGS = ["敲门服务档案"];

/** The schema fills the defaults in; this only tells TypeScript so. */
const pageOf = (body: { current?: number; size?: number }) => ({ current: body.current ?? 1, size: body.size ?? MAX_PAGE_SIZE });

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
    "/api/archives/dimension/list",
    {
      config: { access: MenuCode.ADMIN_DIMENSIONS, logAction: false },
      schema: { tags: TAGS, summary: "维度管理：全部维度及其问题数，按排序", body: DimensionListBody, response: { 200: Enveloped(DimensionPage) } },
    },
    async (request) => ok(await questionnaires.dimensionPage(pageOf(request.body))),
  );

  app.post(
    "/api/archives/dimension/save",
    {
      config: { access: MenuCode.ADMIN_DIMENSIONS, logAction: LogAction.dimensionSaved },
      schema: { tags: TAGS, summary: "新增（不带 serviceNo）或修改维度", body: DimensionInput, response: { 200: Enveloped(Dimension) } },
    },
    async (request) => ok(await questionnaires.saveDimension(request.body), { status: 1 }),
  );

  app.post(
    "/api/archives/dimension/delete",
    {
      config: { access: MenuCode.ADMIN_DIMENSIONS, logAction: LogAction.dimensionDeleted },
      schema: { tags: TAGS, summary: "删除没有问题的维度", body: DimensionDeleteBody, response: { 200: Enveloped(Type.Null()) } },
    },
    async (request) => {
      await questionnaires.deleteDimension(request.body.serviceNo);
      return ok(null, { status: 1 });
    },
  );

  app.post(
    "/api/archives/question/list",
    {
      config: { access: MenuCode.ADMIN_DIMENSIONS, logAction: false },
      schema: {
        tags: TAGS,
        summary: "维度管理：某维度的问题（不涉及企业），按排序，并标明是否已有企业回答",
        body: QuestionAdminListBody,
        response: { 200: Enveloped(QuestionPage) },
      },
    },
    async (request) => ok(await questionnaires.questionPage(request.body.serviceNo, pageOf(request.body))),
  );

  app.post(
    "/api/archives/question/save",
    {
      config: { access: MenuCode.ADMIN_DIMENSIONS, logAction: LogAction.questionSaved },
      schema: { tags: TAGS, summary: "新增（不带 questionNo）或修改问题", body: QuestionInput, response: { 200: Enveloped(Question) } },
    },
    async (request) => ok(await questionnaires.saveQuestion(signedInUser(request).id, request.body), { status: 1 }),
  );

  app.post(
    "/api/archives/question/delete",
    {
      config: { access: MenuCode.ADMIN_DIMENSIONS, logAction: LogAction.questionDeleted },
      schema: { tags: TAGS, summary: "删除尚无企业回答的问题", body: QuestionDeleteBody, response: { 200: Enveloped(Type.Null()) } },
    },
    async (request) => {
      await questionnaires.deleteQuestion(request.body.questionNo);
      return ok(null, { status: 1 });
    },
  );
};

export default questionRoutes;
