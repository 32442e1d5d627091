import { randomUUID } from "node:crypto";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type RouteOptions } from "fastify";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/database";
import { createLogger, type Logger } from "./logger";
import { registerSignIn } from "./modules/auth";
import { registerLogRetention } from "./modules/logs/retention";
import { registerLogWriter } from "./modules/logs/writer";
import { routeModules } from "./modules/routeModules";
import { registerSso } from "./modules/sso";
import { registerAuth } from "./plugins/auth";
import { registerBodies } from "./plugins/bodies";
import { registerDocs } from "./plugins/docs";
import { registerDraining } from "./plugins/draining";
import { answerClientError, registerErrors } from "./plugins/errors";
import { registerExportSlots } from "./plugins/exportSlots";
import { buildValidator, registerInput } from "./plugins/input";
import { registerOperationLog } from "./plugins/operationLog";
import { registerRateLimit } from "./plugins/rateLimit";
import { registerSecurity } from "./plugins/security";
import { appShellSender, registerStatic } from "./plugins/static";
import type { App } from "./types";

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to a new logger at LOG_LEVEL; the server passes the one it already logs with. */
  logger?: Logger;
}

/**
 * Route access convention: every route states who may call it in its options,
 * `config: { access: "public" | "signedIn" | <menu code> }` (RouteAccess in server/types.ts), so
 * the sign-in guard can read `request.routeOptions.config.access` and enforce it in one place.
 * Routes that third-party plugins add (docs viewer, static files) are marked "public" by their
 * scope. A route that states nothing stops the start, so none is left unguarded by mistake.
 * The routes stay listed as app.declaredRoutes, for the test that calls each one as every caller.
 */
function requireDeclaredAccess(app: App): void {
  const routes: RouteOptions[] = [];
  app.decorate("declaredRoutes", routes);
  app.addHook("onRoute", (route) => {
    routes.push(route);
  });
  app.addHook("onReady", async () => {
    const undeclared = routes.filter((route) => !route.config?.access).map((route) => `${String(route.method)} ${route.url}`);
    if (undeclared.length > 0) throw new Error(`routes without config.access: ${undeclared.join(", ")}`);
  });
}

/** Long enough for an upload of UPLOAD_MAX_MB over a slow line, short enough to bound a trickle. */
const REQUEST_TIMEOUT_MS = 10 * 60_000;

export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config),
    bodyLimit: config.bodyLimitBytes,
    // Unique across the processes behind one load balancer; reported to the client as X-Request-Id.
    genReqId: () => randomUUID(),
    // The draining plugin answers requests during shutdown with an envelope instead.
    return503OnClosing: false,
    // Validation errors carry the failing schema, so messages can name a field by its title.
    ajv: { customOptions: { verbose: true } },
    // Typed JSON bodies are checked as sent, without reading "1" or true as a number (plugins/input.ts).
    schemaController: { compilersFactory: { buildValidator } },
    // A request, body included, must arrive within this: a body sent a byte at a time holds its
    // connection and temporary file no longer (an idle body is cut sooner: UPLOAD_IDLE_SECONDS).
    requestTimeout: REQUEST_TIMEOUT_MS,
    clientErrorHandler: answerClientError,
    // X-Forwarded-For names the client only when the peer is a configured proxy (TRUST_PROXY).
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate("config", config);
  app.decorate("db", database.db);
  app.decorate("dialect", database.dialect);
  app.decorate("longWrites", () => database.longWrites());

  requireDeclaredAccess(app);
  // Before any route, so its check and hooks see them all.
  registerOperationLog(app);
  // Hooks every request passes through take a callback rather than returning a promise: the same
  // work without a promise and a turn of the microtask queue each (issue 13).
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("x-request-id", request.id);
    done(null, payload);
  });

  await registerDraining(app);
  await registerRateLimit(app);
  await registerErrors(app, { sendAppShell: appShellSender(config) });
  await registerSecurity(app);
  await registerBodies(app);
  registerInput(app);
  await registerDocs(app);
  await registerAuth(app);
  registerExportSlots(app);
  registerLogWriter(app);
  registerLogRetention(app);
  await registerSignIn(app);
  await registerSso(app);

  // Every other module's routes.ts: a new module needs no line here.
  for (const { plugin } of await routeModules()) await app.register(plugin);

  await registerStatic(app);
  return app;
}
