import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../../server/plugins/security";
import { loadConfig } from "../../../server/config";
import { testDatabases } from "../helpers/databases";
import { startTestApp, type TestApp } from "../helpers/testApp";

function directives(header: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (header ?? "")
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name, values.join(" ")];
      }),
  );
}

describe.each(testDatabases())("security headers on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: {
        CS_WIDGET_SCRIPT: "https://cs.example.com/widget/loader.js",
        OFFICIAL_ACCOUNT_QR_URL: "https://cdn.example.org/qr.png",
      },
    });
  });
  afterAll(() => t.close());

  it("sends helmet's headers and the app's Content-Security-Policy", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    const csp = directives(res.headers["content-security-policy"] as string);
    expect(csp).toMatchObject({
      "default-src": "'self'",
      "script-src": "'self' https://cs.example.com",
      "style-src": "'self' 'unsafe-inline' https://cs.example.com",
      "img-src": "'self' data: blob: https://cdn.example.org https://cs.example.com",
      "font-src": "'self' data:",
      "frame-ancestors": "'none'",
      "object-src": "'none'",
    });
    expect(csp["connect-src"]).toContain("'self'");
    expect(csp["upgrade-insecure-requests"]).toBeUndefined();
  });

  it("keeps the docs viewer working under the policy", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const init = await t.app.inject({ method: "GET", url: "/api/docs/static/swagger-initializer.js" });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain("resolveUrl('./json')");
  });
});

describe("contentSecurityPolicy", () => {
  it("lets the app reach an external sign-in provider's token endpoint", () => {
    const config = loadConfig({ OIDC_ISSUER: "https://sso.example.org/realms/ip", OIDC_CLIENT_ID: "platform" });
    expect(contentSecurityPolicy(config).connectSrc).toEqual(["'self'", "https://sso.example.org"]);
  });

  it("adds no origin for a same-site QR image", () => {
    const config = loadConfig({ OFFICIAL_ACCOUNT_QR_URL: "/images/qr.png" });
    expect(contentSecurityPolicy(config).imgSrc).toEqual(["'self'", "data:", "blob:"]);
  });
});
