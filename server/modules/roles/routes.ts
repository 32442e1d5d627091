import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MenuCode } from "../../../contract/menus";
import { Enveloped, ok } from "../../plugins/envelope";
import { allRoles } from "./service";

const Role = Type.Object({
  code: Type.String({ description: "角色编码" }),
  name: Type.String(),
  builtin: Type.Boolean({ description: "内置角色（管理员、协会工作人员、会员企业）" }),
  menuCodes: Type.Array(Type.String(), { description: "该角色持有的菜单与按钮编码" }),
});

/** The roles the user form offers, with what each one allows. */
const rolesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/api/role/allData",
    {
      config: { access: MenuCode.ADMIN_USERS, logAction: false },
      schema: { tags: ["用户管理"], summary: "全部角色及其菜单编码", response: { 200: Enveloped(Type.Array(Role)) } },
    },
    async () => ok(await allRoles(app.db)),
  );
};

export default rolesRoutes;
