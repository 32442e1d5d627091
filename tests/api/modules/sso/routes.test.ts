import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { toDbTime } from "../../../../server/db/time";
import { hashToken } from "../../../../server/modules/auth/tokens";
import { freePort } from "../../../support/serverProcess";
import { testDatabases } from "../../helpers/databases";
import { signInAsAdmin } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { CLIENT_ID, idTokenFor, SCOPES, vcpwd, WEB_CLIENT } from "./support";

describe.each(testDatabases())("SSO settings and token check on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { PUBLIC_URL: "https://ip.example.org" } });
  });
  afterAll(() => t.close());

  const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` });
  /** As the app asks: the token in a form body, the client's credentials in HTTP Basic. */
  const checkToken = (token?: string, headers: Record<string, string> = basic(WEB_CLIENT.client_id, WEB_CLIENT.client_secret)) =>
    t.app.inject({
      method: "POST",
      url: "/oauth/check_token",
      payload: new URLSearchParams(token === undefined ? {} : { token }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });

  it("tells the app where the built-in provider is", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/open/sso" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      message: "success",
      result: {
        issuer: "https://ip.example.org/idp",
        authorizeUrl: "https://ip.example.org/idp/auth",
        tokenUrl: "https://ip.example.org/idp/token",
        endSessionUrl: "https://ip.example.org/idp/session/end",
        clientId: CLIENT_ID,
        redirectUri: "https://ip.example.org/authorization-callback",
        postLogoutRedirectUri: "https://ip.example.org/login/index",
        scopes: SCOPES,
      },
    });
  });

  it("marks the provider's cookies secure when PUBLIC_URL is https", async () => {
    const query = new URLSearchParams({ client_id: CLIENT_ID, response_type: "code", redirect_uri: "https://ip.example.org/authorization-callback", scope: "openid", code_challenge: "a".repeat(43), code_challenge_method: "S256" });
    const res = await t.app.inject({ method: "GET", url: `/idp/auth?${query}` });
    expect(res.statusCode).toBe(303);
    expect([res.headers["set-cookie"]].flat().every((cookie) => /;\s*secure/i.test(String(cookie)))).toBe(true);
  });

  it("says a token of ours is valid, with its expiry and user", async () => {
    const admin = await signInAsAdmin(t.app);
    const res = await checkToken(admin.accessToken);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({ status: "valid", active: true, exp: expect.any(Number), username: "admin" });
    expect(data.exp * 1000).toBeGreaterThan(Date.now());
  });

  it("says a token past its lifetime is expired", async () => {
    const admin = await signInAsAdmin(t.app);
    const past = new Date(Date.now() - 60_000);
    await t.database.db
      .updateTable("accessTokens")
      .set({ expiresAt: toDbTime(t.database.dialect, past) })
      .where("tokenHash", "=", hashToken(admin.accessToken))
      .execute();
    const res = await checkToken(admin.accessToken);
    expect(res.json()).toEqual({ code: 200, message: "success", data: { status: "expired", active: false, exp: Math.floor(past.getTime() / 1000) } });
  });

  it("answers the token's own bearer, and SPEC 7's query form with client_id and client_secret", async () => {
    const admin = await signInAsAdmin(t.app);
    const own = await checkToken(admin.accessToken, admin.headers);
    expect(own.json().data).toMatchObject({ status: "valid", username: "admin" });
    const query = await t.app.inject({ method: "POST", url: "/oauth/check_token", query: { token: admin.accessToken, ...WEB_CLIENT } });
    expect(query.statusCode).toBe(200);
    expect(query.json().data).toMatchObject({ status: "valid", username: "admin" });
    const json = await t.app.inject({ method: "POST", url: "/oauth/check_token", payload: { token: admin.accessToken, ...WEB_CLIENT } });
    expect(json.json().data.status).toBe("valid");
  });

  it("refuses a caller who proves nothing with 401 and a message", async () => {
    const admin = await signInAsAdmin(t.app);
    const other = await signInAsAdmin(t.app);
    const refused = { code: 401, message: "请以该令牌作为 Bearer 令牌，或以客户端凭证调用" };
    for (const headers of [{}, basic(WEB_CLIENT.client_id, "wrong-secret"), other.headers]) {
      const res = await checkToken(admin.accessToken, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(refused);
    }
    const guessed = await t.app.inject({ method: "POST", url: "/oauth/check_token", query: { token: "guess" } });
    expect(guessed.statusCode).toBe(401);
  });

  it("says an unknown, missing or signed-out token is invalid", async () => {
    const invalid = { code: 200, message: "success", data: { status: "invalid", active: false } };
    expect((await checkToken("no-such-token")).json()).toEqual(invalid);
    expect((await checkToken()).json()).toEqual(invalid);
    const admin = await signInAsAdmin(t.app);
    await t.app.inject({ method: "GET", url: "/uaa/identity/logout", headers: admin.headers });
    expect((await checkToken(admin.accessToken)).json()).toEqual(invalid);
  });
});

describe.each(testDatabases())("an external OpenID provider on %s", (kind) => {
  // The provider is another platform server's development provider, reached over HTTP.
  let provider: TestApp;
  let platform: TestApp | null = null;
  let issuer: string;
  beforeAll(async () => {
    const port = await freePort();
    provider = await startTestApp(kind, { env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
    await provider.app.listen({ port, host: "127.0.0.1" });
    issuer = `http://127.0.0.1:${port}/idp`;
  });
  afterEach(async () => {
    await platform?.close();
    platform = null;
  });
  afterAll(() => provider.close());

  it("answers /api/open/sso from the provider's discovery document and hosts no provider itself", async () => {
    platform = await startTestApp(kind, { env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID } });
    const res = await platform.app.inject({ method: "GET", url: "/api/open/sso" });
    expect(res.json().result).toEqual({
      issuer,
      authorizeUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
      endSessionUrl: `${issuer}/session/end`,
      clientId: CLIENT_ID,
      redirectUri: `${platform.config.publicUrl}/authorization-callback`,
      postLogoutRedirectUri: `${platform.config.publicUrl}/login/index`,
      scopes: SCOPES,
    });
    expect((await platform.app.inject({ method: "GET", url: "/idp/.well-known/openid-configuration" })).statusCode).toBe(404);
    expect(await platform.database.db.selectFrom("idpAccounts").select("sub").execute()).toEqual([]);
  });

  it("verifies vcpwd id tokens against the provider's published keys", async () => {
    platform = await startTestApp(kind, { env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID } });
    const res = await vcpwd(platform.app, await idTokenFor(provider.app, "lisi", "Lisi12345"));
    expect(res.statusCode, res.body).toBe(200);
    const me = await platform.app.inject({ method: "POST", url: "/uaa/accounts/getUserInfo", headers: { authorization: `bearer ${res.json().access_token}` } });
    expect(me.json().result).toMatchObject({ username: "lisi", name: "李四" });
  });

  it("refuses the provider's id tokens when configured with another client id", async () => {
    platform = await startTestApp(kind, { env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: "other-client" } });
    const res = await vcpwd(platform.app, await idTokenFor(provider.app, "lisi", "Lisi12345"));
    expect(res.json()).toMatchObject({ error: "invalid_grant", error_description: "id token aud invalid" });
  });

  it("answers 503 while the provider cannot be reached", async () => {
    const unreachable = `http://127.0.0.1:${await freePort()}/idp`;
    platform = await startTestApp(kind, { env: { OIDC_ISSUER: unreachable, OIDC_CLIENT_ID: CLIENT_ID } });
    const res = await platform.app.inject({ method: "GET", url: "/api/open/sso" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 503, message: "单点登录服务暂不可用，请稍后再试" });
  });
});
