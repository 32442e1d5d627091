import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { text } from "../../../../server/i18n";
import { registerGrant } from "../../../../server/modules/auth/grants";
import { OAuthError } from "../../../../server/modules/auth/oauthError";
import { flushLogs } from "../../../../server/modules/logs/writer";
import { testDatabases } from "../../helpers/databases";
import { createUser } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { bearer, CLIENT, tokenRequest } from "./support";

const PASSWORD = "Member-pass-1";

describe.each(testDatabases())("registered grants on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      // A grant another module could add: it names the user by the `who` parameter.
      routes: (app) =>
        registerGrant(app, "test_who", async ({ params, clientId }) => {
          const user = await app.db.selectFrom("users").select(["id", "username"]).where("username", "=", params.who ?? "").executeTakeFirst();
          if (!user || clientId !== CLIENT.client_id) throw new OAuthError("invalid_grant", "who is unknown", text("server.auth.badCredentials"));
          return user;
        }),
    });
  });
  afterAll(() => t.close());

  it("issues tokens for the user the grant names, and logs the sign-in", async () => {
    const userId = await createUser(t.app, { username: "granted", password: PASSWORD });
    const res = await tokenRequest(t.app, { grant_type: "test_who", ...CLIENT, who: "granted" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: "bearer", scope: "all", code: 200 });
    const me = await t.app.inject({ method: "POST", url: "/uaa/accounts/getUserInfo", headers: bearer(res.json().access_token) });
    expect(me.json().result.id).toBe(userId);
    await flushLogs(t.app);
    const row = await t.database.db.selectFrom("operationLogs").selectAll().where("userId", "=", userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ logAction: "登录成功", userName: "granted", logType: 1 });
  });

  it("answers the grant's own OAuthError and logs it", async () => {
    const res = await tokenRequest(t.app, { grant_type: "test_who", ...CLIENT, who: "nobody", username: "nobody" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "invalid_grant", error_description: "who is unknown", code: 400, message: "用户名或密码错误" });
    await flushLogs(t.app);
    const row = await t.database.db.selectFrom("operationLogs").selectAll().where("userName", "=", "nobody").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ logAction: "登录失败：用户名或密码错误", exceptionType: 1 });
  });

  it("still refuses a disabled account whatever the grant proved", async () => {
    await createUser(t.app, { username: "granted_off", password: PASSWORD, status: "disabled" });
    const res = await tokenRequest(t.app, { grant_type: "test_who", ...CLIENT, who: "granted_off" });
    expect(res.json()).toMatchObject({ error: "invalid_grant", code: 400, message: "账号已被停用" });
  });

  it("refuses to register a grant type twice or to replace refresh_token", () => {
    const grant = async () => ({ id: 1, username: "x" });
    expect(() => registerGrant(t.app, "password", grant)).toThrow("already registered");
    expect(() => registerGrant(t.app, "refresh_token", grant)).toThrow("already registered");
  });
});
