import { afterEach, describe, expect, it } from "vitest";
import { MENUS, ROLES, RoleCode } from "../../../contract/menus";
import { loadConfig } from "../../../server/config";
import { openDatabase, type DatabaseHandle } from "../../../server/db/database";
import { migrateToLatest } from "../../../server/db/migrate";
import { migrationsFor } from "../../../server/db/migrations";
import { ADMIN_USERNAME, seed } from "../../../server/db/seed";
import { toDbTime } from "../../../server/db/time";
import { createLogger } from "../../../server/logger";
import { verifyPassword } from "../../../server/security/password";
import { testDatabases } from "../helpers/databases";
import { createTestEnvironment, type TestEnvironment } from "../helpers/testApp";

const log = createLogger({ logLevel: "silent" });

/** Everything the seed writes, to compare one start with the next. */
async function snapshot(database: DatabaseHandle) {
  const { db } = database;
  return {
    roles: await db.selectFrom("roles").selectAll().orderBy("id").execute(),
    menus: await db.selectFrom("menus").selectAll().orderBy("id").execute(),
    roleMenus: await db.selectFrom("roleMenus").selectAll().orderBy("roleId").orderBy("menuId").execute(),
    users: await db.selectFrom("users").selectAll().orderBy("id").execute(),
    userRoles: await db.selectFrom("userRoles").selectAll().orderBy("userId").execute(),
  };
}

describe.each(testDatabases())("migrations and seed on %s", (kind) => {
  let environment: TestEnvironment;
  const opened: DatabaseHandle[] = [];

  /** One server start's worth of database work: open, migrate, seed. */
  async function start(env: Record<string, string> = {}) {
    const config = loadConfig({ ...environment.env, ...env });
    const database = await openDatabase(config, log);
    opened.push(database);
    const applied = await migrateToLatest(database, log);
    const result = await seed(database, config, log);
    return { database, applied, result };
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
    await environment.cleanup();
  });

  it("creates the roles, menus and administrator of contract/menus.ts", async () => {
    environment = await createTestEnvironment(kind);
    const { database, applied } = await start();
    expect(applied).toEqual(Object.keys(await migrationsFor(kind)));
    const state = await snapshot(database);
    expect(state.roles.map((r) => r.code).sort()).toEqual(ROLES.map((r) => r.code).sort());
    expect(state.menus.map((m) => m.code).sort()).toEqual(MENUS.map((m) => m.code).sort());

    const adminRole = state.roles.find((r) => r.code === RoleCode.ADMIN)!;
    expect(state.roleMenus.filter((rm) => rm.roleId === adminRole.id)).toHaveLength(MENUS.length);
    const staff = ROLES.find((r) => r.code === RoleCode.STAFF)!;
    const staffId = state.roles.find((r) => r.code === RoleCode.STAFF)!.id;
    expect(state.roleMenus.filter((rm) => rm.roleId === staffId)).toHaveLength(staff.menus.length);

    expect(state.users).toHaveLength(1);
    expect(state.users[0]).toMatchObject({ username: ADMIN_USERNAME, name: "管理员", status: "enabled", deleted: 0, mustChangePassword: 0 });
    expect(state.userRoles).toEqual([{ userId: state.users[0].id, roleId: adminRole.id }]);
  });

  it("hashes ADMIN_PASSWORD with argon2id", async () => {
    environment = await createTestEnvironment(kind, { ADMIN_PASSWORD: "Correct-Horse-42" });
    const { database, result } = await start();
    expect(result.generatedAdminPassword).toBeNull();
    const admin = await database.db.selectFrom("users").select("passwordHash").where("username", "=", ADMIN_USERNAME).executeTakeFirstOrThrow();
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin.passwordHash, "Correct-Horse-42")).toBe(true);
    expect(await verifyPassword(admin.passwordHash, "wrong-password")).toBe(false);
  });

  it("generates an administrator password only at the first start", async () => {
    environment = await createTestEnvironment(kind, { ADMIN_PASSWORD: "" });
    const first = await start();
    const generated = first.result.generatedAdminPassword;
    expect(generated).toMatch(/^[A-Za-z0-9]{16}$/);
    const admin = await first.database.db.selectFrom("users").selectAll().where("username", "=", ADMIN_USERNAME).executeTakeFirstOrThrow();
    expect(await verifyPassword(admin.passwordHash, generated!)).toBe(true);
    expect(admin.mustChangePassword).toBe(1);

    const second = await start();
    expect(second.result.generatedAdminPassword).toBeNull();
  });

  it("changes nothing and loses nothing at a second start", async () => {
    environment = await createTestEnvironment(kind);
    const first = await start();
    // Data written between the starts must survive the second one.
    const { db, dialect } = first.database;
    const now = toDbTime(dialect, new Date());
    const user = await db
      .insertInto("users")
      .values({ username: "staff01", passwordHash: "x", name: "张三", mobile: "13800000000", createdAt: now, updatedAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("files")
      .values({ id: "0".repeat(32), originalName: "档案.docx", mimeType: "application/zip", size: 3, sha256: "a".repeat(64), storageName: "00/x", createdBy: user.id })
      .execute();
    const before = await snapshot(first.database);
    await first.database.close();

    const second = await start();
    expect(second.applied).toEqual([]);
    expect(await snapshot(second.database)).toEqual(before);
    expect(await second.database.db.selectFrom("files").select("originalName").execute()).toEqual([{ originalName: "档案.docx" }]);
  });

  it("restores a built-in role's menus and names when they were changed", async () => {
    environment = await createTestEnvironment(kind);
    const first = await start();
    const { db } = first.database;
    const staff = await db.selectFrom("roles").select("id").where("code", "=", RoleCode.STAFF).executeTakeFirstOrThrow();
    await db.deleteFrom("roleMenus").where("roleId", "=", staff.id).execute();
    await db.updateTable("menus").set({ name: "改过的名字" }).where("code", "=", MENUS[0].code).execute();
    await first.database.close();

    const second = await start();
    const links = await second.database.db.selectFrom("roleMenus").select("menuId").where("roleId", "=", staff.id).execute();
    expect(links).toHaveLength(ROLES.find((r) => r.code === RoleCode.STAFF)!.menus.length);
    const menu = await second.database.db.selectFrom("menus").select("name").where("code", "=", MENUS[0].code).executeTakeFirstOrThrow();
    expect(menu.name).toBe(MENUS[0].name);
  });
});
