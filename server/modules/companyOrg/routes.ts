import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { DEFAULT_PAGE_SIZE } from "../../../contract/limits";
import { MenuCode } from "../../../contract/menus";
import { Enveloped, ok } from "../../plugins/envelope";
import { CompanyOrgBody, CompanyOrgPage } from "../../../contract/schemas/users";
import { companyOrgPage } from "./service";

/** The company picker of the user form: the companies a user can be linked to. */
const companyOrgRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/api/patnavi/company/org",
    {
      config: { access: MenuCode.ADMIN_USERS, logAction: false },
      schema: { tags: ["用户管理"], summary: "企业列表（按名称或信用代码查询，按名称排序），供用户表单选择所属企业", body: CompanyOrgBody, response: { 200: Enveloped(CompanyOrgPage) } },
    },
    async (request) => {
      const { keywords, current = 1, size = DEFAULT_PAGE_SIZE } = request.body;
      return ok(await companyOrgPage(app, { keywords, current, size }));
    },
  );
};

export default companyOrgRoutes;
