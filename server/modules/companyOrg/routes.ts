import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../../contract/limits";
import { MenuCode } from "../../../contract/menus";
import { Enveloped, ok } from "../../plugins/envelope";
import { PageNumber, PageSize, SearchText } from "../../schemas";
import { companyOrgPage } from "./service";

const OrgBody = Type.Object({
  keywords: Type.Optional(SearchText({ description: "企业名称或统一社会信用代码包含" })),
  current: Type.Optional(PageNumber),
  size: Type.Optional(PageSize(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)),
});

const Company = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  creditCode: Type.Union([Type.String(), Type.Null()], { description: "统一社会信用代码；认证通过前为 null" }),
});

const CompanyPage = Type.Object({ records: Type.Array(Company), total: Type.Integer(), current: Type.Integer(), size: Type.Integer() });

/** The company picker of the user form: the companies a user can be linked to. */
const companyOrgRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/api/patnavi/company/org",
    {
      config: { access: MenuCode.ADMIN_USERS, logAction: false },
      schema: { tags: ["用户管理"], summary: "企业列表（按名称或信用代码查询，按名称排序），供用户表单选择所属企业", body: OrgBody, response: { 200: Enveloped(CompanyPage) } },
    },
    async (request) => {
      const { keywords, current = 1, size = DEFAULT_PAGE_SIZE } = request.body;
      return ok(await companyOrgPage(app, { keywords, current, size }));
    },
  );
};

export default companyOrgRoutes;
