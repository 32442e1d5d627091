import fc from "fast-check";
import type { LightMyRequestResponse, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_IMPORT_HEADER } from "../../contract/companies";
import { RoleCode } from "../../contract/menus";
import { ADMIN_USERNAME } from "../../server/db/seed";
import { issueTokens } from "../../server/modules/auth/sessions";
import { testDatabases } from "./helpers/databases";
import { multipartBody, type FormPart } from "./helpers/multipart";
import { signInAsAdmin, type SignedIn } from "./helpers/signIn";
import { startTestApp, type TestApp } from "./helpers/testApp";

/*
 * Property-based fuzzing of every route the server declares (app.declaredRoutes, the routes of the
 * OpenAPI document and the hidden ones beside them): hostile path parameters, query strings and
 * bodies, built from each route's own schemas and then broken, sent as anonymous, as the
 * administrator and with forged tokens. Whatever arrives, the server answers below 500 within
 * ANSWER_WITHIN_MS, and every 4xx carries a message. No route is left out, not even those that
 * stream files or belong to the OpenID provider; the HEAD route Fastify adds beside each GET runs
 * the GET's handler, so the GET stands for it.
 *
 * Seeded: FUZZ_SEED picks another sequence (the default is fixed, so CI is repeatable); a failure
 * prints the request, the seed and fast-check's path (FUZZ_SEED=… FUZZ_PATH=… replay it; the
 * database then holds what the runs before it wrote). FUZZ_RUNS changes the number of runs.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_509);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
/** A request not answered by then counts as a failure (a hang), rather than stalling the suite. */
const ANSWER_WITHIN_MS = 10_000;

/** The answer, or null when it has not come within `ms`. */
async function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

interface Route {
  method: string;
  url: string;
  schema: { params?: Schema; querystring?: Schema; body?: Schema; consumes?: string[] };
}

/** The JSON Schema keywords the route schemas (TypeBox) use. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

/** Text put verbatim into a JSON body: numbers JSON.stringify cannot write, deep nesting. */
class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawJson parts and own "__proto__" keys. */
function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, inner]) => `${JSON.stringify(key)}:${jsonText(inner)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** An object with the given own keys, "__proto__" included as a plain field. */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

const nested = (depth: number, open: string, close: string, inner = "1") => new RawJson(open.repeat(depth) + inner + close.repeat(depth));

const oddStrings = fc.constantFrom(
  "",
  " ",
  "1",
  "-1",
  "1.5",
  "true",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-0",
  "0x1F",
  "1e400",
  "2147483648",
  "9007199254740993",
  "９",
  "%",
  "_",
  "\\",
  "'",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFFx",
  "\u202Eevil",
  "\uFEFF",
  "\u200B",
  "𝕏👩‍👩‍👧",
  "e\u0301",
  "İß",
  "\r\n",
  "../../etc/passwd",
  "2024-02-30",
  "2024-13-45 25:61:61",
  "9999-99-99 99:99:99",
  "0000-00-00 00:00:00",
  "275760-09-13",
  "-infinity",
  "2024-01-01T00:00:00Z",
  "13800000000",
  "13800000000 ",
  "0755-12345678-123",
  "91110000600037341L",
  "91350100M000100Y43",
  "2024-05-01 12:00:00",
  "2024-05-01",
  "2024-05-01 24:00:00",
  "admin",
  "Abcdefg1",
  "design",
  "excellent",
  "opened",
  "<p>内容</p><img src=x onerror=alert(1)>",
  "6b86b273ff34fce19d6b804eff5a3f57",
  "__proto__",
  "constructor",
);

const oddNumbers = fc.constantFrom(0, -0, -1, 1.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, 5e-324);

const rawNumbers = fc.constantFrom(new RawJson("1e400"), new RawJson("-1e400"), new RawJson("123456789012345678901234567890"), new RawJson("-0.0"), new RawJson("1E2"));

const longStrings = fc.oneof(
  fc.integer({ min: 1000, max: 200_000 }).map((n) => "长".repeat(n)),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => "a\u0000".repeat(n)),
);

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: oddStrings },
  { weight: 3, arbitrary: oddNumbers },
  { weight: 1, arbitrary: rawNumbers },
  { weight: 2, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: longStrings },
);

const prototypeKeys = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "a\u0000", "");

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileScalar },
  { weight: 2, arbitrary: fc.array(hostileScalar, { maxLength: 3 }) },
  { weight: 2, arbitrary: fc.array(fc.tuple(prototypeKeys, hostileScalar), { maxLength: 3 }).map(objectOf) },
  { weight: 1, arbitrary: fc.constant(objectOf([["constructor", { prototype: { polluted: true } }]])) },
  { weight: 1, arbitrary: fc.constantFrom(nested(40, "[", "]"), nested(33, '{"a":', "}"), nested(20_000, "[", "]")) },
  { weight: 1, arbitrary: fc.constantFrom({}, []) },
);

/**
 * Values of the schema's shape, hostile inside it (odd text, bounds), so most pass validation and
 * reach the handler; now and then a field is replaced by a hostile value of any type.
 */
function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return hostile;
  return fc.oneof({ weight: 12, arbitrary: plausibleFor(schema, depth) }, { weight: 1, arbitrary: hostile });
}

function plausibleFor(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((member) => plausibleFor(member, depth + 1)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(Object.entries(properties).map(([key, inner]) => [key, fromSchema(inner, depth + 1)]));
      const known = fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
      const extra = fc.oneof({ weight: 6, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(fc.tuple(prototypeKeys, hostileScalar), { maxLength: 2 }) });
      return fc.tuple(known, extra).map(([object, more]) => objectOf([...Object.entries(object), ...more]));
    }
    case "array":
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 });
    case "integer":
    case "number": {
      const min = schema.minimum ?? -(2 ** 31);
      const max = schema.maximum ?? 2 ** 31 - 1;
      return fc.oneof(fc.integer({ min, max }), fc.integer({ min: Math.max(min, 1), max: Math.min(max, 5) }), fc.constantFrom(min, max));
    }
    case "string":
      return fc.oneof(
        { weight: 2, arbitrary: fc.string({ maxLength: schema.maxLength ?? 30 }) },
        { weight: 3, arbitrary: oddStrings },
        { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
        { weight: 1, arbitrary: longStrings },
      );
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return hostile;
  }
}

/** Percent-encoding of the text's UTF-8 bytes; unlike encodeURIComponent it takes lone surrogates too. */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, "utf8")].map((byte) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, "0")}`)).join("");

/** Path segments for `:param` and `*`. */
const pathSegment = fc.oneof(
  fc.constantFrom("1", "0", "-1", "2147483648", "99999999999999999999", "1e3", "1.5", "true", "%00", "a%00b", "%2e%2e", "..", "%", "%zz", "%E4%B8%AD", "__proto__", "null", "%20"),
  fc.string({ unit: "binary", maxLength: 20 }).map(percentEncoded),
  fc.integer({ min: 1, max: 5 }).map(String),
  fc.stringMatching(/^[0-9a-f]{32}$/),
  fc.integer({ min: 300, max: 3000 }).map((n) => "9".repeat(n)),
);

function fillPath(url: string): fc.Arbitrary<string> {
  const holes = url.match(/:[A-Za-z_]\w*|\*/g) ?? [];
  return fc.array(pathSegment, { minLength: holes.length, maxLength: holes.length }).map((values) => {
    let index = 0;
    return url.replace(/:[A-Za-z_]\w*|\*/g, () => values[index++]);
  });
}

/** A query string: the schema's fields (plausible or hostile), repeated keys, junk escapes. */
function queryFor(schema: Schema | undefined): fc.Arbitrary<string> {
  const fields = schema ? fromSchema(schema) : fc.constant({});
  const extra = fc.array(fc.tuple(fc.constantFrom("__proto__", "constructor", "__proto__[polluted]", "a[]", "id", "token", "x"), pathSegment), { maxLength: 3 });
  return fc.tuple(fields, extra).map(([object, more]) => {
    const pairs: string[] = [];
    const entries: [string, unknown][] = object !== null && typeof object === "object" && !Array.isArray(object) ? Object.entries(object) : [["q", object]];
    for (const [key, value] of entries) {
      for (const item of Array.isArray(value) ? value : [value]) {
        const text = item instanceof RawJson ? item.text : typeof item === "string" ? item : jsonText(item);
        pairs.push(`${percentEncoded(key)}=${percentEncoded(text)}`);
      }
    }
    for (const [key, value] of more) pairs.push(`${percentEncoded(key)}=${value}`);
    return pairs.length > 0 ? `?${pairs.join("&")}` : "";
  });
}

interface Payload {
  contentType?: string;
  body?: string | Buffer;
}

/** Bodies: the schema's shape made hostile, or broken JSON, wrong content types, empty bodies. */
/** File contents: spreadsheets with hostile cells, a zip's first bytes, random bytes, NUL bytes. */
const fileContent: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.array(fc.array(fc.oneof(oddStrings, fc.string()), { minLength: 7, maxLength: 7 }), { maxLength: 3 }).map((rows) =>
    [[...COMPANY_IMPORT_HEADER], ...rows].map((cells) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(",")).join("\r\n"),
  ),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.from(bytes)])),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.alloc(100)),
);

const fileName = fc.tuple(fc.oneof(oddStrings, fc.string({ maxLength: 20 })), fc.constantFrom(".csv", ".xlsx", ".docx", ".pptx", ".png", ".jpg", ".txt", "")).map(([name, ext]) => name + ext);

/** A well-formed multipart body of the schema's fields: files where it says binary, text otherwise. */
function multipartFor(schema: Schema | undefined): fc.Arbitrary<Payload> {
  const fields = Object.entries(schema?.properties ?? {});
  const parts = fields.map(([name, field]): fc.Arbitrary<FormPart> =>
    (field as { format?: string }).format === "binary"
      ? fc.record({ name: fc.constant(name), filename: fileName, content: fileContent, contentType: fc.constantFrom("text/csv", "application/octet-stream", "image/png", "") })
      : plausibleFor(field, 1).map((value) => ({ name, content: typeof value === "string" ? value : jsonText(value) })),
  );
  return fc.tuple(...parts).map((chosen) => {
    const { payload, headers } = multipartBody(chosen);
    return { contentType: headers["content-type"], body: payload };
  });
}

function payloadFor(schema: Route["schema"]): fc.Arbitrary<Payload> {
  const json = (value: unknown): Payload => ({ contentType: "application/json", body: jsonText(value) });
  const multipart = schema.consumes?.includes("multipart/form-data") ?? false;
  return fc.oneof(
    { weight: 8, arbitrary: multipart ? multipartFor(schema.body) : fromSchema(schema.body).map(json) },
    { weight: 1, arbitrary: fromSchema(schema.body).map(json) },
    { weight: 1, arbitrary: hostile.map(json) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Payload>(
        { contentType: "application/json", body: "" },
        { contentType: "application/json", body: "{" },
        { contentType: "application/json", body: "null" },
        { contentType: "application/json", body: '{"a":1,"a":2}' },
        { contentType: "application/json", body: '{"__proto__":{"polluted":true}}' },
        { contentType: "application/json", body: '{"constructor":{"prototype":{"polluted":true}}}' },
        { contentType: "application/json", body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
        { contentType: "application/json; charset=latin1", body: '{"a":"é"}' },
        { contentType: "text/plain", body: "hello" },
        { contentType: "application/xml", body: "<a/>" },
        { contentType: "application/x-www-form-urlencoded", body: "a=1&a=2&__proto__[x]=1&b=%00&c=%zz" },
        { contentType: "multipart/form-data", body: "--x\r\n" },
        { contentType: "multipart/form-data; boundary=x", body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.docx"\r\n\r\nPK' },
        { contentType: "multipart/form-data; boundary=x", body: "--x--\r\n" },
        {},
        { contentType: "application/json" },
      ),
    },
  );
}

/** Who calls: nobody, the administrator, or a bearer of a token the server never issued. */
type Caller = "anonymous" | "administrator" | "forged";

/** Authorization headers no server issued. */
const forgedAuthorization = fc.constantFrom("bearer ", "bearer x", "Bearer 1.2.3", "basic Zm9vOmJhcg==", "bearer " + "a".repeat(5000), "bearer eyJhbGciOiJub25lIn0.e30.", "Digest x");

interface Request {
  caller: Caller;
  /** The Authorization header of a forged caller. */
  forged: string;
  /** The route as declared, e.g. /api/user/del/:id. */
  route: string;
  method: string;
  url: string;
  payload: Payload;
}

function requestFor(route: Route): fc.Arbitrary<Request> {
  const hasBody = route.method !== "GET" && route.method !== "OPTIONS";
  return fc.record({
    caller: fc.constantFrom<Caller>("anonymous", "administrator", "administrator", "forged"),
    forged: forgedAuthorization,
    route: fc.constant(route.url),
    method: fc.constant(route.method),
    url: fc.tuple(fillPath(route.url), queryFor(route.schema.querystring)).map(([path, query]) => path + query),
    payload: hasBody ? payloadFor(route.schema) : fc.constant({}),
  });
}

/** Why the answer breaks the rule (no 5xx, a message on every 4xx), or null. */
function violation(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (res.statusCode < 400) return null;
  const type = String(res.headers["content-type"] ?? "");
  if (type.startsWith("text/html")) return res.body.trim() ? null : `answered ${res.statusCode} with an empty page`;
  let body: { message?: unknown; error_description?: unknown };
  try {
    body = res.json();
  } catch {
    return `answered ${res.statusCode} without a JSON body (${type})`;
  }
  // The OpenID provider (/idp) answers errors as RFC 6749 says: error and error_description.
  const message = body.message ?? body.error_description;
  return typeof message === "string" && message.trim() ? null : `answered ${res.statusCode} without a message`;
}

describe.each(testDatabases())("fuzzing every route on %s", (kind) => {
  let t: TestApp;
  let routes: Route[];
  let admin: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
    routes = t.app.declaredRoutes.flatMap((route: RouteOptions) =>
      [route.method]
        .flat()
        .map(String)
        .filter((method) => method !== "HEAD")
        .map((method) => ({ method, url: route.url, schema: (route.schema ?? {}) as Route["schema"] })),
    );
  });
  afterAll(() => t.close());

  /**
   * A call may end the administrator's session, disable the account or reset its password (the
   * fuzz reaches the administrator's own id): it is made usable again and signed in anew, so the
   * following runs keep reaching the routes behind the sign-in.
   */
  async function restoreAdministrator(): Promise<void> {
    const user = await t.app.db.selectFrom("users").select("id").where("username", "=", ADMIN_USERNAME).executeTakeFirstOrThrow();
    await t.app.db.updateTable("users").set({ status: "enabled", deleted: 0, mustChangePassword: 0, failedLoginCount: 0, lockedUntil: null }).where("id", "=", user.id).execute();
    const role = await t.app.db.selectFrom("roles").select("id").where("code", "=", RoleCode.ADMIN).executeTakeFirstOrThrow();
    const held = await t.app.db.selectFrom("userRoles").select("roleId").where("userId", "=", user.id).where("roleId", "=", role.id).executeTakeFirst();
    if (!held) await t.app.db.insertInto("userRoles").values({ userId: user.id, roleId: role.id }).execute();
    const issued = await issueTokens(t.app, user.id, { clientId: t.config.webClientId, ip: "127.0.0.1", userAgent: "api-test" });
    admin = { ...issued, userId: user.id, headers: { authorization: `bearer ${issued.accessToken}` } };
  }

  async function send(request: Request): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> =
      request.caller === "administrator" ? { ...admin.headers } : request.caller === "forged" ? { authorization: request.forged } : {};
    if (request.payload.contentType) headers["content-type"] = request.payload.contentType;
    const res = await t.app.inject({ method: request.method as "GET", url: request.url, headers, payload: request.payload.body });
    if (request.caller === "administrator" && (res.statusCode === 401 || res.statusCode === 403)) await restoreAdministrator();
    return res;
  }

  it("finds the routes", () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.map((route) => route.url)).toEqual(expect.arrayContaining(["/uaa/oauth/token", "/api/files/upload", "/api/archives/queryReport", "/idp/*"]));
  });

  it("answers hostile requests below 500, and every 4xx with a message", async () => {
    const property = fc.asyncProperty(
      fc.constantFrom(...routes).chain((route) => requestFor(route)),
      async (request) => {
        const res = await answerWithin(send(request), ANSWER_WITHIN_MS);
        const wrong = res ? violation(res) : `was not answered within ${ANSWER_WITHIN_MS / 1000} s`;
        if (wrong) {
          const body = typeof request.payload.body === "string" ? request.payload.body.slice(0, 500) : request.payload.body;
          throw new Error(
            [
              `${request.method} ${request.route} as ${request.caller} ${wrong}`,
              `url: ${request.url.slice(0, 300)}`,
              `content-type: ${String(request.payload.contentType)}`,
              `body: ${String(body)}`,
              `answer: ${res?.body.slice(0, 300) ?? ""}`,
            ].join("\n"),
          );
        }
      },
    );
    // fast-check prints the seed and path of a failure: FUZZ_SEED and FUZZ_PATH replay it.
    await fc.assert(property, { seed: SEED, path: process.env.FUZZ_PATH, numRuns: RUNS, endOnFailure: true });
  }, 600_000);
});
