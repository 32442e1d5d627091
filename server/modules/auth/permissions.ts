import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";

export interface UserMenu {
  menuCode: string;
  name: string;
  path: string | null;
  parentCode: string | null;
  type: "menu" | "button";
  sort: number;
}

/**
 * The active users (neither deleted nor disabled) one of whose roles holds the menu `code`: a
 * query for the caller to narrow and select from (owners, researchers, who hears of a watch's
 * match, who gets the follow-up digest).
 */
export function usersHolding(db: Kysely<Database> | Transaction<Database>, code: string) {
  return db
    .selectFrom("users")
    .where("users.deleted", "=", 0)
    .where("users.status", "=", "enabled")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("userRoles")
          .innerJoin("roleMenus", "roleMenus.roleId", "userRoles.roleId")
          .innerJoin("menus", "menus.id", "roleMenus.menuId")
          .select("userRoles.userId")
          .whereRef("userRoles.userId", "=", "users.id")
          .where("menus.code", "=", code),
      ),
    );
}

/** The codes of the user's roles, in a stable order. */
export async function roleCodesOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("userRoles")
    .innerJoin("roles", "roles.id", "userRoles.roleId")
    .select("roles.code")
    .where("userRoles.userId", "=", userId)
    .orderBy("roles.code")
    .execute();
  return rows.map((r) => r.code);
}

/** Every menu any of the user's roles holds, once each, by sort. */
export async function menusOf(db: Kysely<Database>, userId: number): Promise<UserMenu[]> {
  return db
    .selectFrom("menus")
    .select(["menus.code as menuCode", "menus.name", "menus.path", "menus.parentCode", "menus.type", "menus.sort"])
    .where((eb) =>
      eb(
        "menus.id",
        "in",
        eb
          .selectFrom("roleMenus")
          .innerJoin("userRoles", "userRoles.roleId", "roleMenus.roleId")
          .select("roleMenus.menuId")
          .where("userRoles.userId", "=", userId),
      ),
    )
    .orderBy("menus.sort")
    .orderBy("menus.code")
    .execute();
}

/**
 * The codes of the user's roles and of the menus they hold, in one query: what the sign-in guard
 * reads on every call, so it costs one round trip rather than two.
 */
export async function accessOf(db: Kysely<Database>, userId: number): Promise<{ roles: string[]; menus: string[] }> {
  const rows = await db
    .selectFrom("userRoles")
    .innerJoin("roles", "roles.id", "userRoles.roleId")
    .leftJoin("roleMenus", "roleMenus.roleId", "roles.id")
    .leftJoin("menus", "menus.id", "roleMenus.menuId")
    .select(["roles.code as roleCode", "menus.code as menuCode"])
    .where("userRoles.userId", "=", userId)
    .execute();
  const roles = new Set(rows.map((r) => r.roleCode));
  const menus = new Set(rows.flatMap((r) => (r.menuCode === null ? [] : [r.menuCode])));
  return { roles: [...roles].sort(), menus: [...menus].sort() };
}
