import type { Kysely, Transaction } from "kysely";
import { MENUS, ROLES, RoleCode } from "../../contract/menus";
import { SEEDED_ADMIN_NAME } from "../../contract/users";
import type { Config } from "../config";
import type { Logger } from "../logger";
import { generatePassword, hashPassword } from "../security/password";
import type { DatabaseHandle } from "./database";
import type { Database } from "./schema";
import { toDbTime } from "./time";

export const ADMIN_USERNAME = "admin";

export interface SeedResult {
  /** Set only at the start that created `admin` with a generated password: it is shown once. */
  generatedAdminPassword: string | null;
}

type Db = Kysely<Database> | Transaction<Database>;

/*
 * The seed compares before it writes, so a second start writes nothing, and inserts tolerate a
 * concurrent start that got there first (several processes may share one PostgreSQL database).
 */

async function syncRoles(db: Db, database: DatabaseHandle, log: Logger): Promise<void> {
  const existing = new Map((await db.selectFrom("roles").select(["id", "code", "name", "builtin"]).execute()).map((r) => [r.code, r]));
  for (const role of ROLES) {
    const row = existing.get(role.code);
    if (!row) {
      await db
        .insertInto("roles")
        .values({ code: role.code, name: role.name, builtin: 1, dataScope: role.dataScope, createdAt: toDbTime(database.dialect, new Date()) })
        .onConflict((oc) => oc.column("code").doNothing())
        .execute();
      log.info({ role: role.code }, "role created");
    } else if (row.name !== role.name || row.builtin !== 1) {
      await db.updateTable("roles").set({ name: role.name, builtin: 1 }).where("id", "=", row.id).execute();
      log.info({ role: role.code }, "role updated");
    }
  }
}

async function syncMenus(db: Db, log: Logger): Promise<void> {
  const existing = new Map((await db.selectFrom("menus").selectAll().execute()).map((m) => [m.code, m]));
  for (const menu of MENUS) {
    const values = { name: menu.name, parentCode: menu.parent, type: menu.type, path: menu.path, sort: menu.sort };
    const row = existing.get(menu.code);
    if (!row) {
      await db
        .insertInto("menus")
        .values({ code: menu.code, ...values })
        .onConflict((oc) => oc.column("code").doNothing())
        .execute();
      log.info({ menu: menu.code }, "menu created");
    } else if (
      row.name !== values.name ||
      row.parentCode !== values.parentCode ||
      row.type !== values.type ||
      row.path !== values.path ||
      row.sort !== values.sort
    ) {
      await db.updateTable("menus").set(values).where("id", "=", row.id).execute();
      log.info({ menu: menu.code }, "menu updated");
    }
  }
}

/** Built-in roles hold exactly the menus contract/menus.ts gives them. */
async function syncRoleMenus(db: Db, log: Logger): Promise<void> {
  const roleIds = new Map((await db.selectFrom("roles").select(["id", "code"]).execute()).map((r) => [r.code, r.id]));
  const menuIds = new Map((await db.selectFrom("menus").select(["id", "code"]).execute()).map((m) => [m.code, m.id]));
  for (const role of ROLES) {
    const roleId = roleIds.get(role.code);
    if (roleId === undefined) continue;
    const wanted = new Set(role.menus.map((code) => menuIds.get(code)).filter((id): id is number => id !== undefined));
    const held = new Set((await db.selectFrom("roleMenus").select("menuId").where("roleId", "=", roleId).execute()).map((r) => r.menuId));
    const missing = [...wanted].filter((id) => !held.has(id));
    const extra = [...held].filter((id) => !wanted.has(id));
    if (missing.length > 0) {
      await db
        .insertInto("roleMenus")
        .values(missing.map((menuId) => ({ roleId, menuId })))
        .onConflict((oc) => oc.columns(["roleId", "menuId"]).doNothing())
        .execute();
    }
    if (extra.length > 0) {
      await db.deleteFrom("roleMenus").where("roleId", "=", roleId).where("menuId", "in", extra).execute();
    }
    if (missing.length > 0 || extra.length > 0) {
      log.info({ role: role.code, added: missing.length, removed: extra.length }, "role menus synchronised");
    }
  }
}

async function ensureAdmin(database: DatabaseHandle, adminPassword: string | null, log: Logger): Promise<string | null> {
  const { db, dialect } = database;
  const existing = await db.selectFrom("users").select("id").where("username", "=", ADMIN_USERNAME).executeTakeFirst();
  if (existing) return null;

  const password = adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const created = await db.transaction().execute(async (trx) => {
    const now = toDbTime(dialect, new Date());
    const user = await trx
      .insertInto("users")
      .values({
        username: ADMIN_USERNAME,
        passwordHash,
        name: SEEDED_ADMIN_NAME,
        status: "enabled",
        // A password read off a console is to be replaced at the first sign-in.
        mustChangePassword: adminPassword === null ? 1 : 0,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column("username").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!user) return false;
    const role = await trx.selectFrom("roles").select("id").where("code", "=", RoleCode.ADMIN).executeTakeFirstOrThrow();
    await trx.insertInto("userRoles").values({ userId: user.id, roleId: role.id }).execute();
    return true;
  });
  if (!created) return null;
  log.info({ username: ADMIN_USERNAME }, "administrator created");
  return adminPassword === null ? password : null;
}

/** Idempotent: roles, menus and their links from contract/menus.ts, and the administrator. */
export async function seed(database: DatabaseHandle, config: Pick<Config, "adminPassword">, log: Logger): Promise<SeedResult> {
  await database.db.transaction().execute(async (trx) => {
    await syncRoles(trx, database, log);
    await syncMenus(trx, log);
    await syncRoleMenus(trx, log);
  });
  return { generatedAdminPassword: await ensureAdmin(database, config.adminPassword, log) };
}
