import { createHash } from "node:crypto";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../../server/app";
import { createLogger } from "../../../../server/logger";
import type { App } from "../../../../server/types";
import { testDatabases } from "../../helpers/databases";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { authorizeUrl, browser, CLIENT_ID, exchangeCode, followToCallback, formAction, pkce, signInAtProvider } from "./support";

describe.each(testDatabases())("development OpenID provider on %s", (kind) => {
  let t: TestApp;
  let issuer: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    issuer = `${t.config.publicUrl}/idp`;
  });
  afterAll(() => t.close());

  it("publishes its discovery document under PUBLIC_URL/idp, whatever Host the request names", async () => {
    const res = await t.app.inject({ method: "GET", url: "/idp/.well-known/openid-configuration", headers: { host: "elsewhere.example" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      code_challenge_methods_supported: ["S256"],
      scopes_supported: expect.arrayContaining(["openid", "profile", "phone", "offline_access"]),
    });
    const jwks = await t.app.inject({ method: "GET", url: "/idp/jwks" });
    expect(jwks.json().keys).toEqual([expect.objectContaining({ kty: "RSA", alg: "RS256", use: "sig" })]);
    expect(jwks.json().keys[0]).not.toHaveProperty("d");
  });

  it("answers a path it does not know with the platform's not-found envelope", async () => {
    for (const url of ["/idp/no-such-endpoint", "/idp/"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: "接口不存在" });
    }
  });

  it("runs the code flow with PKCE: login page, consent, code, token exchange", async () => {
    const { verifier, challenge } = pkce();
    const b = browser(t.app);
    const start = await b.get(authorizeUrl(t.app, challenge, "s-123", "nonce-1"));
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toMatch(new RegExp(`^/idp/interaction/[\\w-]+$`));

    const page = await b.get(String(start.headers.location));
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("账号");
    expect(page.body).toContain("密码");
    expect(page.body).toContain(">登录</button>");
    expect(page.body).not.toContain("<script");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`form-action 'self' ${new URL(t.config.publicUrl).origin}`);

    const wrong = await b.postForm(formAction(page.body), { username: "zhangsan", password: "wrong-password" });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain("账号或密码错误");
    expect(wrong.body).toContain('value="zhangsan"');

    const posted = await b.postForm(formAction(wrong.body), { username: "zhangsan", password: "Zhangsan123" });
    expect(posted.statusCode).toBe(303);
    const callback = await followToCallback(t.app, b, String(posted.headers.location));
    expect(callback.searchParams.get("state")).toBe("s-123");
    expect(callback.searchParams.get("iss")).toBe(issuer);
    const code = callback.searchParams.get("code");
    expect(code).toBeTruthy();

    const refused = await exchangeCode(t.app, code ?? "", pkce().verifier);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("invalid_grant");

    const res = await exchangeCode(t.app, code ?? "", verifier);
    expect(res.statusCode, res.body).toBe(200);
    const tokens = res.json();
    expect(tokens).toMatchObject({ access_token: expect.any(String), id_token: expect.any(String), token_type: "Bearer" });
    const claims = decodeJwt(tokens.id_token);
    expect(claims).toMatchObject({
      iss: issuer,
      aud: CLIENT_ID,
      nonce: "nonce-1",
      name: "张三",
      preferred_username: "zhangsan",
      phone_number: "13800000001",
      phone_number_verified: true,
    });

    // A code works once.
    expect((await exchangeCode(t.app, code ?? "", verifier)).json().error).toBe("invalid_grant");
  });

  it("signs in again without the login page while the provider's session lasts", async () => {
    const b = browser(t.app);
    await signInAtProvider(t.app, b, "lisi", "Lisi12345", pkce().challenge);
    const again = await b.get(authorizeUrl(t.app, pkce().challenge));
    const callback = await followToCallback(t.app, b, String(again.headers.location));
    expect(callback.searchParams.get("code")).toBeTruthy();
  });

  it("ends its session at RP-initiated logout, after which authorize asks for the password again", async () => {
    const { verifier, challenge } = pkce();
    const b = browser(t.app);
    const callback = await signInAtProvider(t.app, b, "zhangsan", "Zhangsan123", challenge);
    const idToken = (await exchangeCode(t.app, callback.searchParams.get("code") ?? "", verifier)).json().id_token as string;
    const loginPage = `${t.config.publicUrl}/login/index`;

    // The app posts id_token_hint in a form body, so it is in no address.
    const page = await b.postForm("/idp/session/end", { id_token_hint: idToken, post_logout_redirect_uri: loginPage, client_id: CLIENT_ID });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain("正在退出统一身份认证");
    // The page posts itself: its one script is allowed by the page's policy, by hash.
    const script = /<script>([^<]*)<\/script>/.exec(page.body)?.[1] ?? "";
    expect(String(page.headers["content-security-policy"])).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    const form = /<form id="op.logoutForm" method="post" action="([^"]+)">(.*?)<\/form>/s.exec(page.body);
    const fields = Object.fromEntries([...(form?.[2] ?? "").matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"\/>/g)].map((m) => [m[1], m[2]]));
    expect(fields).toEqual({ xsrf: expect.any(String), logout: "yes" });

    const done = await b.postForm(form?.[1] ?? "", fields);
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe(loginPage);

    const again = await b.get(authorizeUrl(t.app, pkce().challenge));
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toMatch(/^\/idp\/interaction\/[\w-]+$/);
    const prompt = await b.get(String(again.headers.location));
    expect(prompt.body).toContain('name="password"');
  });

  it("refuses a sign-out that would return anywhere but the app's login page", async () => {
    const { verifier, challenge } = pkce();
    const b = browser(t.app);
    const callback = await signInAtProvider(t.app, b, "lisi", "Lisi12345", challenge);
    const idToken = (await exchangeCode(t.app, callback.searchParams.get("code") ?? "", verifier)).json().id_token as string;
    const res = await b.postForm("/idp/session/end", { id_token_hint: idToken, post_logout_redirect_uri: "https://evil.example/" });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("登录请求无效");
  });

  it("refuses an authorize request without PKCE", async () => {
    const url = authorizeUrl(t.app, "x").replace(/&code_challenge=[^&]*&code_challenge_method=S256/, "");
    const res = await browser(t.app).get(url);
    expect(res.statusCode).toBe(303);
    const callback = new URL(String(res.headers.location));
    expect(callback.searchParams.get("error")).toBe("invalid_request");
  });

  it("answers the app's callback with access_denied when the user cancels", async () => {
    const b = browser(t.app);
    const start = await b.get(authorizeUrl(t.app, pkce().challenge));
    const page = await b.get(String(start.headers.location));
    const abort = formAction(page.body).replace(/\/login$/, "/abort");
    const res = await b.postForm(abort, {});
    const callback = await followToCallback(t.app, b, String(res.headers.location));
    expect(callback.searchParams.get("error")).toBe("access_denied");
  });

  it("shows a Chinese error page for an interaction this browser is not in", async () => {
    const res = await browser(t.app).get("/idp/interaction/unknown-uid");
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("登录已超时或已完成");
  });

  it("seeds its test accounts once, with verified phone numbers", async () => {
    const accounts = await t.database.db.selectFrom("idpAccounts").select(["username", "name", "phoneNumber", "phoneVerified"]).orderBy("username").execute();
    expect(accounts).toEqual([
      { username: "lisi", name: "李四", phoneNumber: "13800000002", phoneVerified: 1 },
      { username: "zhangsan", name: "张三", phoneNumber: "13800000001", phoneVerified: 1 },
    ]);
  });

  it("shares its signing key and sign-ins with another server process on the same database", async () => {
    const second = await buildApp({ config: t.config, database: t.database, logger: createLogger(t.config) });
    try {
      await second.ready();
      const jwks = async (app: App) => (await app.inject({ method: "GET", url: "/idp/jwks" })).json();
      expect(await jwks(second)).toEqual(await jwks(t.app));
      expect(await t.database.db.selectFrom("idpAccounts").select("sub").execute()).toHaveLength(2);

      // Started on one process, finished on the other, exchanged on the first again.
      const { verifier, challenge } = pkce();
      const first = browser(t.app);
      const start = await first.get(authorizeUrl(t.app, challenge));
      const page = await first.get(String(start.headers.location));
      const other = browser(second, first.jar);
      const posted = await other.postForm(formAction(page.body), { username: "lisi", password: "Lisi12345" });
      const callback = await followToCallback(second, other, String(posted.headers.location));
      const res = await exchangeCode(t.app, callback.searchParams.get("code") ?? "", verifier);
      expect(res.statusCode, res.body).toBe(200);
      expect(decodeJwt(res.json().id_token)).toMatchObject({ preferred_username: "lisi" });
    } finally {
      await second.close();
    }
  });
});
