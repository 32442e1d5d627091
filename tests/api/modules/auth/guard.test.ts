import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MenuCode, RoleCode, ROLES } from "../../../../contract/menus";
import { buildApp } from "../../../../server/app";
import { openDatabase, type DatabaseHandle } from "../../../../server/db/database";
import { createLogger } from "../../../../server/logger";
import { revokeSession } from "../../../../server/modules/auth/sessions";
import type { App } from "../../../../server/types";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";

const PASSWORD = "Guard-pass-2026";
const WHO_AM_I = "/api/test/guard-who";
const STAFF_ONLY = "/api/test/guard-staff";
const SESSION_ENDED = { code: 41202, message: "会话已结束，请重新登录" };

const who = async (request: FastifyRequest) => ({ code: 200, message: "success", result: request.user });
const testRoutes = (app: App) => {
  app.get(WHO_AM_I, { config: { access: "signedIn" } }, who);
  app.get(STAFF_ONLY, { config: { access: MenuCode.SERVICE_FILES } }, who);
};

/**
 * The sign-in guard reads the session, the user and their roles' menus with one statement
 * prepared at the first call (server/modules/auth/principal.ts) and keeps nothing of what it read:
 * two server processes on one database (here two apps) see each other's changes at the next call.
 */
describe.each(testDatabases())("the sign-in guard, two processes on one %s database", (kind) => {
  let first: TestApp;
  let secondDatabase: DatabaseHandle;
  let second: App;
  beforeAll(async () => {
    first = await startTestApp(kind, { routes: testRoutes });
    secondDatabase = await openDatabase(first.config, createLogger(first.config));
    second = await buildApp({ config: first.config, database: secondDatabase });
    testRoutes(second);
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase.close();
    await first.close();
  });

  const call = (app: App, url: string, headers: { authorization: string }) => app.inject({ method: "GET", url, headers });

  it("gives the caller its roles and menus, sorted, as before", async () => {
    await createUser(first.app, { username: "guardstaff", password: PASSWORD, name: "守卫", roles: [RoleCode.STAFF, RoleCode.MEMBER] });
    const staff = await signIn(first.app, "guardstaff", PASSWORD);
    const user = (await call(first.app, WHO_AM_I, staff.headers)).json().result;
    expect(user).toMatchObject({ id: staff.userId, username: "guardstaff", name: "守卫", sessionId: staff.sessionId, mustChangePassword: false });
    expect(user.roles).toEqual([RoleCode.MEMBER, RoleCode.STAFF]);
    const seeded = ROLES.filter((role) => role.code === RoleCode.STAFF || role.code === RoleCode.MEMBER).flatMap((role) => role.menus);
    expect(user.menus).toEqual([...new Set(seeded)].sort());
    // The same on the other process, and again (the statement is prepared once, its values new each call).
    expect((await call(second, WHO_AM_I, staff.headers)).json().result).toEqual(user);
    expect((await call(second, WHO_AM_I, staff.headers)).json().result).toEqual(user);
  });

  it("refuses a session ended by the other process at its next call", async () => {
    await createUser(first.app, { username: "guardended", password: PASSWORD, roles: [RoleCode.STAFF] });
    const session = await signIn(first.app, "guardended", PASSWORD);
    for (let i = 0; i < 3; i++) expect((await call(first.app, WHO_AM_I, session.headers)).statusCode).toBe(200);
    await revokeSession(second, session.sessionId, "logout");
    const refused = await call(first.app, WHO_AM_I, session.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(SESSION_ENDED);
  });

  it("follows a role taken away and given back by the other process at the next call", async () => {
    const userId = await createUser(first.app, { username: "guardrole", password: PASSWORD, roles: [RoleCode.STAFF] });
    const session = await signIn(first.app, "guardrole", PASSWORD);
    expect((await call(first.app, STAFF_ONLY, session.headers)).statusCode).toBe(200);
    const staffRole = await second.db.selectFrom("roles").select("id").where("code", "=", RoleCode.STAFF).executeTakeFirstOrThrow();
    await second.db.deleteFrom("userRoles").where("userId", "=", userId).execute();
    expect((await call(first.app, STAFF_ONLY, session.headers)).statusCode).toBe(403);
    expect((await call(first.app, WHO_AM_I, session.headers)).json().result).toMatchObject({ roles: [], menus: [] });
    await second.db.insertInto("userRoles").values({ userId, roleId: staffRole.id }).execute();
    expect((await call(first.app, STAFF_ONLY, session.headers)).statusCode).toBe(200);
  });
});
