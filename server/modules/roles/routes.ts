import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { RoleSummary } from "../../../contract/schemas/users";
import { MenuCode } from "../../../contract/menus";
import { Enveloped, ok } from "../../plugins/envelope";
import { allRoles } from "./service";

/** The roles the user form offers, with what each one allows. */
const rolesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/api/role/allData",
    {
      config: { access: MenuCode.ADMIN_USERS, logAction: false },
      schema: { tags: ["用户管理"], summary: "全部角色及其菜单编码", response: { 200: Enveloped(Type.Array(RoleSummary)) } },
    },
    async () => ok(await allRoles(app.db)),
  );
};

export default rolesRoutes;
