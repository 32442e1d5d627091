import { createRequire } from "node:module";
import type { IncomingMessage, ServerResponse } from "node:http";
// The `helmet` route option's type (other headers for a route, the /idp pages, or false for none),
// as @fastify/helmet declares it; the plugin itself is not registered (registerSecurity).
import type {} from "@fastify/helmet";
import type { HelmetOptions } from "helmet";
import type { Config } from "../config";
import type { App } from "../types";

const originOf = (url: string) => new URL(url).origin;

/**
 * The Content-Security-Policy the built app runs under. Scripts only from this origin (plus the
 * customer-service widget, when configured); inline styles are allowed because antd writes its
 * CSS-in-JS into <style> elements at run time.
 */
export function contentSecurityPolicy(config: Pick<Config, "publicUrl" | "oidc" | "site">): Record<string, string[]> {
  const self = "'self'";
  const widget = config.site.customerServiceScript ? originOf(config.site.customerServiceScript) : null;
  // A third-party widget loads its own pieces (frames, styles, images, a socket) from where its script lives.
  const widgetSources = widget ? [widget, widget.replace(/^https:/, "wss:")] : [];
  const qr = config.site.officialAccountQrUrl;
  const qrOrigin = qr && !qr.startsWith("/") && originOf(qr) !== originOf(config.publicUrl) ? originOf(qr) : null;
  // SPEC 7: the app itself posts the sign-in code to the provider's token endpoint.
  const oidc = config.oidc ? originOf(config.oidc.issuer) : null;

  const list = (...sources: (string | null)[]) => [...new Set(sources.filter((s): s is string => s !== null))];
  return {
    defaultSrc: [self],
    baseUri: [self],
    scriptSrc: list(self, widget),
    scriptSrcAttr: ["'none'"],
    styleSrc: list(self, "'unsafe-inline'", widget),
    imgSrc: list(self, "data:", "blob:", qrOrigin, widget),
    fontSrc: list(self, "data:"),
    connectSrc: list(self, oidc, ...widgetSources),
    frameSrc: list(self, widget),
    formAction: list(self, oidc),
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
  };
}

/**
 * The development OpenID provider's own pages under /idp (server/modules/sso): a login form with
 * an inline <style> and no script. Its post, and the redirects that follow it, end at the app's
 * authorization-callback page, so form-action names the app's origin too.
 */
export function identityProviderPolicy(config: Pick<Config, "publicUrl">): Record<string, string[]> {
  return {
    defaultSrc: ["'none'"],
    baseUri: ["'none'"],
    styleSrc: ["'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    formAction: ["'self'", originOf(config.publicUrl)],
    frameAncestors: ["'none'"],
  };
}

/** Route options (`helmet`) for the /idp routes: the headers below with the CSP above instead. */
export function identityProviderHelmet(config: Pick<Config, "publicUrl">) {
  return { contentSecurityPolicy: { useDefaults: false, directives: identityProviderPolicy(config) } };
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set at start from the route's `helmet` option: the security headers its answers carry. */
    securityHeaders?: readonly (readonly [string, string])[];
  }
}

/**
 * helmet, the package @fastify/helmet applies, from where that plugin finds it: the headers are
 * helmet's own, only computed once.
 */
const helmet = createRequire(createRequire(import.meta.url).resolve("@fastify/helmet"))("helmet") as (options: HelmetOptions) => (
  req: IncomingMessage,
  res: Pick<ServerResponse, "setHeader" | "removeHeader">,
  next: (error?: unknown) => void,
) => void;

/** The headers helmet sets with these options, as pairs to set on each answer. */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers.set(name, String(value));
      return this as unknown as ServerResponse;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  helmet(options)({} as IncomingMessage, response, (error) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * Helmet's security headers on every answer, with the CSP above; a route's `helmet` option
 * replaces parts of them (or, false, drops them) as @fastify/helmet's would. @fastify/helmet
 * builds helmet's middleware anew on every request (parsing the CSP each time, in two hooks); here
 * the headers are computed once at start, per route with its own option, and each request only
 * sets them, on the raw response like helmet, so answers written past Fastify (a hijacked reply,
 * the /idp provider) carry them too.
 */
export async function registerSecurity(app: App): Promise<void> {
  const { config } = app;
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Only meaningful, and only safe to promise, when users reach the server over https.
    strictTransportSecurity: config.publicUrl.startsWith("https:") ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // The same promise as frame-ancestors 'none', for browsers that only read the older header.
    frameguard: { action: "deny" },
  };
  const everyAnswer = helmetHeaders(options);
  app.addHook("onRoute", (route) => {
    if (route.helmet === undefined) return;
    const own = route.helmet === false ? [] : helmetHeaders({ ...options, ...route.helmet } as HelmetOptions);
    route.config = { ...route.config, securityHeaders: own };
  });
  app.addHook("onRequest", (request, reply, done) => {
    const headers = request.routeOptions.config.securityHeaders ?? everyAnswer;
    const raw = reply.raw;
    for (let i = 0; i < headers.length; i++) raw.setHeader(headers[i][0], headers[i][1]);
    done();
  });
}
