import type { Readable } from "node:stream";
import type { Multipart } from "@fastify/multipart";
import type { FastifyRequest, onResponseHookHandler, onSendHookHandler, preHandlerHookHandler, RouteOptions } from "fastify";
import { writeLog } from "../modules/logs/writer";
import type { App } from "../types";

/** Methods that read: their routes are logged only when they state a logAction. */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** The operator of an anonymous call that names nobody in its parameters. */
export const ANONYMOUS = "匿名";

interface Outcome {
  /** The message of the answered error envelope. */
  errorMessage?: string;
  /** Multipart text fields and files as the handler read them; file content is never kept. */
  fields?: Record<string, unknown>;
  files?: { fileName: string; stream: Readable & { bytesRead?: number } }[];
}

/** Per request, what the hooks learn before the answer is complete. */
const outcomes = new WeakMap<FastifyRequest, Outcome>();

function outcomeOf(request: FastifyRequest): Outcome {
  let outcome = outcomes.get(request);
  if (!outcome) outcomes.set(request, (outcome = {}));
  return outcome;
}

function writesSomething(route: RouteOptions): boolean {
  return [route.method].flat().some((method) => !READ_METHODS.has(String(method).toUpperCase()));
}

/**
 * Like the access convention (requireDeclaredAccess in app.ts): every route that writes states
 * `config.logAction`, a Chinese description or false, so no change goes unlogged by mistake.
 */
function requireDeclaredLogAction(app: App): void {
  const routes: RouteOptions[] = [];
  app.addHook("onRoute", (route) => {
    if (writesSomething(route)) routes.push(route);
  });
  app.addHook("onReady", async () => {
    const undeclared = routes.filter((route) => route.config?.logAction === undefined).map((route) => `${[route.method].flat().join(",")} ${route.url}`);
    if (undeclared.length > 0) throw new Error(`write routes without config.logAction: ${undeclared.join(", ")}`);
  });
}

/**
 * Multipart bodies are streamed by the handler, so there is no parsed body to log: the parts it
 * reads are noted on the way (text fields, and a file's name; its size is read once it is stored).
 */
function noteMultipartParts(request: FastifyRequest): void {
  const outcome = outcomeOf(request);
  const fields: Record<string, unknown> = (outcome.fields = {});
  const files: NonNullable<Outcome["files"]> = (outcome.files = []);
  const note = (part: Multipart | undefined) => {
    if (!part) return;
    if (part.type === "file") files.push({ fileName: part.filename, stream: part.file });
    else fields[part.fieldname] = part.value;
  };
  const file = request.file.bind(request);
  const parts = request.parts.bind(request);
  request.file = async (options) => {
    const part = await file(options);
    note(part);
    return part;
  };
  request.parts = async function* (options) {
    for await (const part of parts(options)) {
      note(part);
      yield part;
    }
  };
}

/** The JSON body and query string, or the multipart fields and file names and sizes. */
function paramsOf(request: FastifyRequest): Record<string, unknown> | undefined {
  const outcome = outcomes.get(request);
  // No prototype: a "__proto__" parameter is copied as a field like any other.
  const params: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (request.query && typeof request.query === "object") Object.assign(params, request.query);
  if (outcome?.fields) Object.assign(params, outcome.fields);
  if (outcome?.files?.length) params.files = outcome.files.map((f) => ({ fileName: f.fileName, size: f.stream.bytesRead ?? null }));
  const body = request.body;
  if (body && typeof body === "object" && !Array.isArray(body)) Object.assign(params, body);
  else if (body !== undefined && body !== null) params.body = body;
  return Object.keys(params).length > 0 ? params : undefined;
}

/** The signed-in user; for an anonymous call (registration), the username or mobile it names. */
function operatorOf(request: FastifyRequest, params: Record<string, unknown> | undefined): string {
  if (request.user) return request.user.username;
  for (const key of ["username", "mobile"]) {
    const value = params?.[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return ANONYMOUS;
}

/** The message of an error envelope; the serialized body is JSON for every API failure. */
function envelopeMessage(payload: unknown): string | undefined {
  if (typeof payload !== "string") return undefined;
  try {
    const message = (JSON.parse(payload) as { message?: unknown }).message;
    return typeof message === "string" ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The operation log of every change (issue 5): one row per call to a route that writes, or that
 * states a logAction, written once the answer is sent so that its outcome and duration are known.
 * Sign-in and sign-out rows are written by those routes (logAction false). The row is written
 * fire-and-forget (writeLog), so logging never fails or holds up the call.
 */
export function registerOperationLog(app: App): void {
  requireDeclaredLogAction(app);

  const preHandler: preHandlerHookHandler = (request, _reply, done) => {
    if (request.isMultipart()) noteMultipartParts(request);
    done();
  };

  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    if (reply.statusCode >= 400) outcomeOf(request).errorMessage = envelopeMessage(payload);
    done(null, payload);
  };

  const onResponse: onResponseHookHandler = (request, reply, done) => {
    const stated = request.routeOptions.config.logAction;
    // A call refused by a rate limit changed nothing, and logging it would give a flood over the
    // limit one database write per request after all; the request log still shows it.
    if (!stated || reply.statusCode === 429) return done();
    const logAction = typeof stated === "function" ? stated(request) : stated;
    const params = paramsOf(request);
    const failed = reply.statusCode >= 400;
    writeLog(app, {
      logAction,
      logType: 2,
      failed,
      userId: request.user?.id ?? null,
      userName: operatorOf(request, params),
      remoteAddr: request.ip,
      method: request.method,
      path: request.url.split("?")[0],
      params,
      durationMs: reply.elapsedTime,
      errorMessage: failed ? (outcomes.get(request)?.errorMessage ?? null) : null,
    });
    done();
  };

  // The hooks are the routes' own, on the routes that state a logAction: the calls that log
  // nothing (the lists, the reads) do not pass through them.
  app.addHook("onRoute", (route) => {
    if (!route.config?.logAction) return;
    route.preHandler = [...hooksOf(route.preHandler), preHandler];
    route.onSend = [...hooksOf(route.onSend), onSend];
    route.onResponse = [...hooksOf(route.onResponse), onResponse];
  });
}

/** A route's hooks of one kind as a list (a route may state none, one, or several). */
function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}
