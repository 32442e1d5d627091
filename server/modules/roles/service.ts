import type { Kysely } from "kysely";
import type { RoleSummary } from "../../../contract/users";
import type { Database } from "../../db/schema";

/** Every role, built-in ones first, each with its menu codes in menu order. */
export async function allRoles(db: Kysely<Database>): Promise<RoleSummary[]> {
  const [roles, links] = await Promise.all([
    db.selectFrom("roles").select(["id", "code", "name", "builtin", "dataScope"]).orderBy("builtin", "desc").orderBy("id").execute(),
    db
      .selectFrom("roleMenus")
      .innerJoin("menus", "menus.id", "roleMenus.menuId")
      .select(["roleMenus.roleId", "menus.code"])
      .orderBy("menus.sort")
      .orderBy("menus.code")
      .execute(),
  ]);
  return roles.map((role) => ({
    code: role.code,
    name: role.name,
    builtin: role.builtin === 1,
    dataScope: role.dataScope,
    menuCodes: links.filter((l) => l.roleId === role.id).map((l) => l.code),
  }));
}
