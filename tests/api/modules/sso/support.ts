import { createHash, randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { App } from "../../../../server/types";

export const CLIENT_ID = "platform-web";
export const WEB_CLIENT = { client_id: "web", client_secret: "web-secret" };
export const SCOPES = "openid profile phone offline_access";

/** SPEC 7 / 9: the app's code verifier is 64 random bytes as hex. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(64).toString("hex");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** A browser's cookie store, as far as these flows need it: name, path and deletion. */
export class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  store(setCookie: string | string[] | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attribute = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute("path") ?? "/";
      const expires = attribute("expires");
      const gone = value === "" || attribute("max-age") === "0" || (expires !== undefined && new Date(expires) <= new Date());
      if (gone) this.cookies.delete(`${name};${path}`);
      else this.cookies.set(`${name};${path}`, { name, value, path });
    }
  }

  header(url: string): string {
    const path = new URL(url, "http://x").pathname;
    return [...this.cookies.values()]
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
  }
}

/** The path and query of an address the server wrote, for inject. */
const local = (location: string) => {
  const url = new URL(location, "http://x");
  return `${url.pathname}${url.search}`;
};

export interface Browser {
  jar: CookieJar;
  get(url: string): Promise<LightMyRequestResponse>;
  postForm(url: string, form: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** Requests to the app as one browser; pass another's jar to continue its visit on another server process. */
export function browser(app: App, jar = new CookieJar()): Browser {
  const keep = async (response: Promise<LightMyRequestResponse>) => {
    const res = await response;
    jar.store(res.headers["set-cookie"]);
    return res;
  };
  return {
    jar,
    get: (url) => keep(app.inject({ method: "GET", url: local(url), headers: { cookie: jar.header(url), accept: "text/html" } })),
    postForm: (url, form) =>
      keep(
        app.inject({
          method: "POST",
          url: local(url),
          payload: new URLSearchParams(form).toString(),
          headers: { cookie: jar.header(url), "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
        }),
      ),
  };
}

/**
 * The authorize request the app makes. Each has its own nonce, as the app's do: the provider's
 * id tokens then differ even for two sign-ins of one account within a second, and each signs in once.
 */
export function authorizeUrl(app: App, challenge: string, state = "state-1", nonce = randomBytes(16).toString("hex")): string {
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: "code",
    redirect_uri: `${app.config.publicUrl}/authorization-callback`,
    scope: SCOPES,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  return `/idp/auth?${query}`;
}

/** The form's action on the login page, where the account and password go. */
export function formAction(html: string): string {
  const action = /<form method="post" action="([^"]+\/login)"/.exec(html)?.[1];
  if (!action) throw new Error(`no login form in:\n${html}`);
  return action;
}

/**
 * Follows the provider's redirects as a browser would until they leave it for the app's callback;
 * answers that callback address.
 */
export async function followToCallback(app: App, b: Browser, location: string): Promise<URL> {
  let next = location;
  for (let hop = 0; hop < 10; hop++) {
    if (next.startsWith(`${app.config.publicUrl}/authorization-callback`)) return new URL(next);
    const res = await b.get(next);
    expect(res.statusCode, res.body).toBe(303);
    next = String(res.headers.location);
  }
  throw new Error("too many redirects");
}

/** Authorize with PKCE, sign in on the provider's login page, and come back with the code. */
export async function signInAtProvider(app: App, b: Browser, username: string, password: string, challenge: string): Promise<URL> {
  const start = await b.get(authorizeUrl(app, challenge));
  expect(start.statusCode, start.body).toBe(303);
  const page = await b.get(String(start.headers.location));
  expect(page.statusCode).toBe(200);
  const posted = await b.postForm(formAction(page.body), { username, password });
  expect(posted.statusCode, posted.body).toBe(303);
  return followToCallback(app, b, String(posted.headers.location));
}

export function exchangeCode(app: App, code: string, verifier: string) {
  return app.inject({
    method: "POST",
    url: "/idp/token",
    payload: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: CLIENT_ID,
      code,
      redirect_uri: `${app.config.publicUrl}/authorization-callback`,
      code_verifier: verifier,
    }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

/** The whole SSO sign-in at the provider: an id token for the account. */
export async function idTokenFor(app: App, username: string, password: string): Promise<string> {
  const { verifier, challenge } = pkce();
  const callback = await signInAtProvider(app, browser(app), username, password, challenge);
  const res = await exchangeCode(app, callback.searchParams.get("code") ?? "", verifier);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id_token as string;
}

export function vcpwd(app: App, idToken: string) {
  return app.inject({ method: "POST", url: "/uaa/oauth/token", payload: { grant_type: "vcpwd", ex_token: idToken, ...WEB_CLIENT } });
}
