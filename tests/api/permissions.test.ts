import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../contract/envelope";
import { ROLES, RoleCode, type MenuCodeValue, type RoleCodeValue } from "../../contract/menus";
import { AuthMessages } from "../../server/modules/auth/messages";
import { issueTokens } from "../../server/modules/auth/sessions";
import { testDatabases } from "./helpers/databases";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "./helpers/signIn";
import { startTestApp, type TestApp } from "./helpers/testApp";

interface Caller {
  name: string;
  /** Null: anonymous. */
  session: SignedIn | null;
  menus: readonly string[];
}

interface Call {
  method: string;
  url: string;
  /** The path with its parameters filled in. */
  path: string;
  access: string | undefined;
}

const menusOf = (role: RoleCodeValue): readonly MenuCodeValue[] => ROLES.find((r) => r.code === role)?.menus ?? [];

/**
 * The routes anyone may call, written out rather than read from the routes, so that a route
 * declared public by mistake fails this test instead of passing the matrix below.
 */
const PUBLIC_ROUTES = [
  // The OpenAPI document and its viewer.
  "GET /api/docs/",
  "GET /api/docs/json",
  "GET /api/docs/static/*",
  "GET /api/docs/static/index.html",
  "GET /api/docs/static/swagger-initializer.js",
  "GET /api/docs/yaml",
  "GET /api/health",
  // Images for <img> by their unguessable id; any other file is checked by the handler (signed in, allowed to read it).
  "GET /api/open/download/:id",
  "GET /api/open/site",
  "GET /api/open/site/qr.svg",
  "GET /api/open/sso",
  // The development OpenID provider and its sign-in pages.
  "GET /idp",
  "GET /idp/*",
  "GET /idp/interaction/:uid",
  "OPTIONS /idp",
  "OPTIONS /idp/*",
  "POST /idp",
  "POST /idp/*",
  "POST /idp/interaction/:uid/abort",
  "POST /idp/interaction/:uid/login",
  "POST /idp/session/end",
  // Signing in, out and up, and recovering a password (rate-limited where they can be abused).
  "GET /oauth/token",
  "POST /oauth/check_token",
  "POST /uaa/oauth/token",
  "GET /uaa/identity/captcha",
  "GET /uaa/identity/logout",
  "GET /uaa/identity/smsCode",
  "POST /api/notify/smscode",
  "POST /api/user/forgetPwd",
  "POST /api/user/infoExists",
  "POST /api/user/register",
  "POST /patnavi/ucenter/user/cdgxq/register",
  "POST /patnavi/ucenter/user/checkUserInfoRepetition",
  "POST /patnavi/ucenter/user/passwd-reset",
  "GET /portal/areas/list",
];

/** A plausible value for every path parameter and wildcard: the guard runs before they are read. */
const fillPath = (url: string) => url.replace(/:[A-Za-z_]\w*(\([^)]*\))?/g, "1").replace(/\*/g, "x");

/** What the guard (server/plugins/auth.ts) answers when it refuses; handlers answer otherwise. */
function guardRefusal(res: LightMyRequestResponse): string | null {
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = res.json();
  } catch {
    return null;
  }
  if (res.statusCode === 401 && (body.code === ErrorCode.TOKEN_INVALID || body.code === ErrorCode.SESSION_REVOKED)) return `401 ${String(body.code)}`;
  if (res.statusCode === 403 && body.code === ErrorCode.FORBIDDEN && body.message === String(AuthMessages.forbidden)) return "403 forbidden";
  if (res.statusCode === 403 && body.code === ErrorCode.PASSWORD_CHANGE_REQUIRED) return "403 password change";
  return null;
}

/**
 * Every route the server registers, called as anonymous, a member, a staff member and an
 * administrator: each answer must match what the route states in `config.access`.
 */
describe.each(testDatabases())("route permissions on %s", (kind) => {
  let t: TestApp;
  let callers: Caller[];
  let calls: Call[];
  beforeAll(async () => {
    t = await startTestApp(kind);
    const password = "Matrix-pass-1";
    await createUser(t.app, { username: "matrixMember", password, roles: [RoleCode.MEMBER] });
    await createUser(t.app, { username: "matrixStaff", password, roles: [RoleCode.STAFF] });
    callers = [
      { name: "anonymous", session: null, menus: [] },
      { name: "member", session: await signIn(t.app, "matrixMember", password), menus: menusOf(RoleCode.MEMBER) },
      { name: "staff", session: await signIn(t.app, "matrixStaff", password), menus: menusOf(RoleCode.STAFF) },
      { name: "administrator", session: await signInAsAdmin(t.app), menus: menusOf(RoleCode.ADMIN) },
    ];
    calls = t.app.declaredRoutes.flatMap((route) =>
      [route.method]
        .flat()
        .map(String)
        // The HEAD route Fastify adds beside each GET shares its options.
        .filter((method) => method !== "HEAD")
        .map((method) => ({ method, url: route.url, path: fillPath(route.url), access: route.config?.access })),
    );
  });
  afterAll(() => t.close());

  it("finds the routes, each with a stated access", () => {
    expect(calls.length).toBeGreaterThan(40);
    expect(calls.filter((c) => !c.access).map((c) => `${c.method} ${c.url}`)).toEqual([]);
  });

  it("declares public exactly the routes meant for anyone", () => {
    const declared = calls.filter((c) => c.access === "public").map((c) => `${c.method} ${c.url}`);
    expect(declared.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  /** A call may end its caller's session (sign-out): the caller then signs in anew. */
  async function liveSession(caller: Caller): Promise<SignedIn | null> {
    const session = caller.session;
    if (session === null) return null;
    const row = await t.app.db.selectFrom("authSessions").select("revokedAt").where("id", "=", session.sessionId).executeTakeFirstOrThrow();
    if (row.revokedAt === null) return session;
    const issued = await issueTokens(t.app, session.userId, { clientId: t.config.webClientId, ip: "127.0.0.1", userAgent: "api-test" });
    caller.session = { ...issued, headers: { authorization: `bearer ${issued.accessToken}` } };
    return caller.session;
  }

  /** Why the answer does not match the route's access, or null when it does. */
  function mismatch(call: Call, caller: Caller, res: LightMyRequestResponse): string | null {
    const refusal = guardRefusal(res);
    const admitted = call.access === "public" || (caller.session !== null && (call.access === "signedIn" || caller.menus.includes(call.access ?? "")));
    if (admitted) return refusal === null ? null : `refused (${refusal}) though admitted`;
    if (caller.session === null) {
      return res.statusCode === 401 && res.json().code === ErrorCode.TOKEN_INVALID ? null : `answered ${res.statusCode} instead of 401 40101`;
    }
    return refusal === "403 forbidden" ? null : `answered ${res.statusCode} ${res.body.slice(0, 80)} instead of 403`;
  }

  it("answers every caller as the route's access says", async () => {
    const failures: string[] = [];
    for (const call of calls) {
      for (const caller of callers) {
        const session = await liveSession(caller);
        const res = await t.app.inject({
          method: call.method as "GET",
          url: call.path,
          headers: session?.headers ?? {},
          ...(call.method === "GET" || call.method === "OPTIONS" ? {} : { payload: {} }),
        });
        const wrong = mismatch(call, caller, res);
        if (wrong) failures.push(`${call.method} ${call.url} [${String(call.access)}] as ${caller.name}: ${wrong}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
