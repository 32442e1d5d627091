import type { Duplex } from "node:stream";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../contract/envelope";
import { isDatabaseUnavailable } from "../db/faults";
import { AppError, Messages, SERVICE_UNAVAILABLE, UNSUPPORTED_MEDIA_TYPE } from "../errors";
import { localized, requestLocale, text, type ServerText } from "../i18n";
import type { App } from "../types";
import { rateLimitOf } from "./rateLimit";
import { validationMessage } from "./validationMessage";

/** Paths the server answers itself; everything else that a browser navigates to is the app. */
export const API_PREFIXES = ["/api", "/uaa", "/patnavi", "/oauth", "/portal", "/idp"] as const;

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

const STATUS_MESSAGES: Record<number, ServerText> = {
  400: Messages.badRequest,
  404: Messages.resourceNotFound,
  413: Messages.bodyTooLarge,
  415: Messages.unsupportedMediaType,
  429: Messages.tooManyRequests,
};

/** How soon a caller refused for a database outage may try again, in seconds (Retry-After). */
const OUTAGE_RETRY_AFTER_S = 1;

/** Fastify's and its plugins' own failures, by error code, as messages for the caller. */
export function fromFrameworkError(error: FastifyError, uploadMaxMb: number): AppError | null {
  if (error.validation) return AppError.badRequest(validationMessage(error.validation, error.validationContext));
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return AppError.payloadTooLarge(Messages.bodyTooLarge);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError(UNSUPPORTED_MEDIA_TYPE, Messages.unsupportedMediaType);
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return AppError.badRequest(Messages.emptyBody);
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return AppError.badRequest(Messages.badJson);
    case "FST_REQ_FILE_TOO_LARGE":
      return AppError.payloadTooLarge(text("server.uploads.tooLarge", { max: uploadMaxMb }));
    case "FST_FILES_LIMIT":
      return AppError.payloadTooLarge(text("server.uploads.oneFile"));
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return AppError.payloadTooLarge(text("server.uploads.tooManyFields"));
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return AppError.badRequest(text("server.uploads.multipartRequired"));
  }
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return new AppError(status, STATUS_MESSAGES[status] ?? Messages.badRequest);
  }
  return null;
}

/**
 * What Node's HTTP parser refuses before any route runs (a body cut short by a half-closed
 * connection, a request that took longer than REQUEST_TIMEOUT_MS, malformed or oversized headers)
 * gets the same envelope as every other failure instead of Fastify's English default. Its headers
 * were never read, so it is answered in the default language.
 */
export function answerClientError(this: { log: { trace(o: object, m: string): void } }, error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, reason, message] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "Request Timeout", Messages.requestTimeout]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request Header Fields Too Large", Messages.headersTooLarge]
        : [400, "Bad Request", Messages.badRequest];
  this.log.trace({ err: error }, "client error");
  const body = JSON.stringify({ code: status, message: String(message) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export interface ErrorsOptions {
  /** Answers a browser navigation with the app's index.html (history mode). */
  sendAppShell: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

/** A browser navigation: GET/HEAD, HTML acceptable, and no file extension on the last segment. */
function isNavigation(request: FastifyRequest, path: string): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const accept = request.headers.accept ?? "";
  if (!accept.includes("text/html") && !accept.includes("*/*")) return false;
  return !/\.[^/]*$/.test(path.slice(path.lastIndexOf("/") + 1));
}

function servesAppShell(request: FastifyRequest): boolean {
  const path = request.url.split("?")[0];
  return !isApiPath(path) && isNavigation(request, path);
}

/**
 * The one error handler and the one not-found handler: every failure leaves as an envelope with
 * a message in the caller's language (Accept-Language); unexpected errors are logged with the
 * request id and never shown.
 */
export async function registerErrors(app: App, options: ErrorsOptions): Promise<void> {
  const { uploadMaxMb } = app.config;

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The database is down, restarting or busy beyond our bounds: try again shortly, not a bug.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: error.message }, "request not served: database unavailable");
      return reply
        .status(SERVICE_UNAVAILABLE)
        .header("retry-after", String(OUTAGE_RETRY_AFTER_S))
        .send({ code: SERVICE_UNAVAILABLE, message: Messages.serviceUnavailable.in(requestLocale(request)) });
    }
    const known = error instanceof AppError ? error : fromFrameworkError(error, uploadMaxMb);
    if (!known) {
      request.log.error({ err: error }, "request failed");
      return reply.status(500).send({ code: ErrorCode.INTERNAL, message: Messages.internal.in(requestLocale(request)) });
    }
    // Expected failures: their cause, if any, was logged where it happened.
    if (known.httpStatus >= 500) request.log.warn({ code: known.code, reason: known.message }, "request not served");
    else request.log.info({ code: known.code, reason: known.message }, "request refused");
    const locale = requestLocale(request);
    const body = { code: known.code, message: known.text.in(locale) };
    return reply.status(known.httpStatus).send(known.result === undefined ? body : { ...body, result: localized(known.result, locale) });
  });

  // Scanners probing for paths are slowed down; the app's own pages, which browsers navigate to, are not.
  const notFoundLimit = app.rateLimit({ ...rateLimitOf(app.config, "notFound"), allowList: (request) => servesAppShell(request) });
  app.setNotFoundHandler({ preHandler: notFoundLimit }, (request, reply) => {
    const path = request.url.split("?")[0];
    if (!isApiPath(path) && isNavigation(request, path)) return options.sendAppShell(request, reply);
    const message = isApiPath(path) ? Messages.notFound : Messages.resourceNotFound;
    return reply.status(404).send({ code: ErrorCode.NOT_FOUND, message: message.in(requestLocale(request)) });
  });
}
