import helmet from "@fastify/helmet";
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

/** Helmet's security headers on every answer, with the CSP above. */
export async function registerSecurity(app: App): Promise<void> {
  const { config } = app;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Only meaningful, and only safe to promise, when users reach the server over https.
    strictTransportSecurity: config.publicUrl.startsWith("https:") ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // The same promise as frame-ancestors 'none', for browsers that only read the older header.
    frameguard: { action: "deny" },
  });
}
