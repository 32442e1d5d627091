import { generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushLogs } from "../../../../server/modules/logs/writer";
import { testDatabases } from "../../helpers/databases";
import { createUser } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { CLIENT_ID, idTokenFor, vcpwd, WEB_CLIENT } from "./support";

const REFUSED = { error: "invalid_grant", code: 400, message: "身份令牌无效或已过期" };

describe.each(testDatabases())("grant_type=vcpwd on %s", (kind) => {
  let t: TestApp;
  let issuer: string;
  let providerKey: { key: CryptoKey | Uint8Array; kid: string };
  beforeAll(async () => {
    t = await startTestApp(kind);
    issuer = `${t.config.publicUrl}/idp`;
    const { value } = await t.database.db.selectFrom("ssoKeys").select("value").where("name", "=", "signing").executeTakeFirstOrThrow();
    const jwk = JSON.parse(value) as JWK;
    providerKey = { key: await importJWK(jwk, "RS256"), kid: jwk.kid ?? "" };
  });
  afterAll(() => t.close());

  /** An id token signed with the provider's own key, with the claims given. */
  const signed = (claims: JWTPayload, key = providerKey) =>
    new SignJWT({ sub: "subject-1", name: "测试", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: key.kid })
      .setIssuedAt(claims.iat ?? Math.floor(Date.now() / 1000))
      .setIssuer(claims.iss ?? issuer)
      .setAudience(claims.aud ?? CLIENT_ID)
      .setExpirationTime(claims.exp ?? "1h")
      .sign(key.key);

  const userBySubject = (sub: string) =>
    t.database.db.selectFrom("users").select(["id", "username", "name", "mobile", "oidcSubject"]).where("oidcSubject", "=", sub).executeTakeFirst();

  it("signs in the provider's user as a new member, and as the same user the next time", async () => {
    const idToken = await idTokenFor(t.app, "zhangsan", "Zhangsan123");
    const res = await vcpwd(t.app, idToken);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), token_type: "bearer", code: 200 });

    const me = await t.app.inject({ method: "POST", url: "/uaa/accounts/getUserInfo", headers: { authorization: `bearer ${body.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().result).toMatchObject({ username: "zhangsan", name: "张三" });

    const sub = JSON.parse(Buffer.from(idToken.split(".")[1], "base64url").toString()).sub as string;
    const user = await userBySubject(sub);
    expect(user).toMatchObject({ username: "zhangsan", name: "张三", mobile: "13800000001" });
    const roles = await t.database.db
      .selectFrom("userRoles")
      .innerJoin("roles", "roles.id", "userRoles.roleId")
      .select("roles.code")
      .where("userRoles.userId", "=", user?.id ?? 0)
      .execute();
    expect(roles).toEqual([{ code: "member" }]);

    const again = await vcpwd(t.app, await idTokenFor(t.app, "zhangsan", "Zhangsan123"));
    expect(again.statusCode).toBe(200);
    const users = await t.database.db.selectFrom("users").select("id").where("oidcSubject", "=", sub).execute();
    expect(users).toEqual([{ id: user?.id }]);

    await flushLogs(t.app);
    const logs = await t.database.db.selectFrom("operationLogs").select(["logAction", "userName", "exceptionType"]).where("userId", "=", user?.id ?? 0).execute();
    expect(logs.length).toBe(2);
    expect(logs.every((log) => log.exceptionType === 0 && log.userName === "zhangsan")).toBe(true);
  });

  it("links the user whose mobile is the provider's verified phone number", async () => {
    const id = await createUser(t.app, { username: "lisi_local", password: "Lisi-local-1", name: "李四本地", mobile: "13800000002", roles: ["staff"] });
    const res = await vcpwd(t.app, await idTokenFor(t.app, "lisi", "Lisi12345"));
    expect(res.statusCode, res.body).toBe(200);
    const linked = await t.database.db.selectFrom("users").select(["username", "oidcSubject"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(linked.username).toBe("lisi_local");
    expect(linked.oidcSubject).toEqual(expect.any(String));
    const count = await t.database.db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).where("mobile", "=", "13800000002").executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("does not link by a phone number the provider has not verified", async () => {
    const id = await createUser(t.app, { username: "wangwu", password: "Wangwu-pass-1", mobile: "13900000003" });
    const token = await signed({ sub: "subject-unverified", preferred_username: "wangwu", phone_number: "+86 139 0000 0003", phone_number_verified: false });
    const res = await vcpwd(t.app, token);
    expect(res.statusCode, res.body).toBe(200);
    const created = await userBySubject("subject-unverified");
    expect(created?.id).not.toBe(id);
    // The username was taken: the new account gets one next to it.
    expect(created?.username).toMatch(/^wangwu_\d{4}$/);
    expect(created?.mobile).toBeNull();
  });

  it("links by a verified phone number in E.164 form", async () => {
    const id = await createUser(t.app, { username: "zhaoliu", password: "Zhaoliu-pass-1", mobile: "13900000004" });
    const res = await vcpwd(t.app, await signed({ sub: "subject-e164", phone_number: "+8613900000004", phone_number_verified: true }));
    expect(res.statusCode).toBe(200);
    expect((await userBySubject("subject-e164"))?.id).toBe(id);
  });

  it("refuses a token signed with another key (forged)", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const res = await vcpwd(t.app, await signed({}, { key: privateKey, kid: providerKey.kid }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ...REFUSED, error_description: "id token signature invalid" });
  });

  it("refuses an expired token", async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await vcpwd(t.app, await signed({ iat: now - 7200, exp: now - 3600 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ...REFUSED, error_description: "id token expired" });
  });

  it("refuses a token for another client (audience)", async () => {
    const res = await vcpwd(t.app, await signed({ aud: "another-client" }));
    expect(res.json()).toMatchObject({ ...REFUSED, error_description: "id token aud invalid" });
  });

  it("refuses a token of another issuer", async () => {
    const res = await vcpwd(t.app, await signed({ iss: "https://sso.example.org" }));
    expect(res.json()).toMatchObject({ ...REFUSED, error_description: "id token iss invalid" });
  });

  it("refuses a token with several audiences that is not authorised for us (azp)", async () => {
    const res = await vcpwd(t.app, await signed({ aud: [CLIENT_ID, "another-client"], azp: "another-client" }));
    expect(res.json()).toMatchObject(REFUSED);
  });

  it("refuses what is not a token, and a missing ex_token", async () => {
    expect((await vcpwd(t.app, "not-a-jwt")).json()).toMatchObject(REFUSED);
    const missing = await t.app.inject({ method: "POST", url: "/uaa/oauth/token", payload: { grant_type: "vcpwd", ...WEB_CLIENT } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("invalid_request");
  });

  it("logs a refused single sign-on", async () => {
    await vcpwd(t.app, await signed({ sub: "subject-logged", aud: "another-client" }));
    await flushLogs(t.app);
    const row = await t.database.db
      .selectFrom("operationLogs")
      .select(["logAction", "exceptionType", "errorMessage"])
      .where("errorMessage", "=", "id token aud invalid")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ exceptionType: 1, logAction: expect.stringContaining("身份令牌无效或已过期") });
  });

  it("refuses a disabled user", async () => {
    await createUser(t.app, { username: "disabled_sso", password: "Disabled-pass-1", status: "disabled" });
    await t.database.db.updateTable("users").set({ oidcSubject: "subject-disabled" }).where("username", "=", "disabled_sso").execute();
    const res = await vcpwd(t.app, await signed({ sub: "subject-disabled" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("invalid_grant");
  });

  it("signs in once with an id token: a second exchange of the same token is refused", async () => {
    const idToken = await idTokenFor(t.app, "lisi", "Lisi12345");
    const [first, second] = await Promise.all([vcpwd(t.app, idToken), vcpwd(t.app, idToken)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const refused = first.statusCode === 400 ? first : second;
    expect(refused.json()).toEqual({ ...REFUSED, error_description: "id token already used" });
    expect((await vcpwd(t.app, idToken)).json()).toMatchObject({ error_description: "id token already used" });
    // A new sign-in at the provider brings a new token, which works.
    expect((await vcpwd(t.app, await idTokenFor(t.app, "lisi", "Lisi12345"))).statusCode).toBe(200);
  });

  it("answers GET /oauth/token with query parameters the same way", async () => {
    const idToken = await idTokenFor(t.app, "zhangsan", "Zhangsan123");
    const res = await t.app.inject({ method: "GET", url: "/oauth/token", query: { grant_type: "vcpwd", ex_token: idToken, ...WEB_CLIENT } });
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toEqual(expect.any(String));
  });
});
