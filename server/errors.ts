import { ErrorCode } from "../contract/envelope";
import { text, type ServerText } from "./i18n";

/** Not in the shared catalogue: the app treats it like any other failure and shows the message. */
export const SERVICE_UNAVAILABLE = 503;
export const UNSUPPORTED_MEDIA_TYPE = 415;

/** Session codes (401xx, 412xx) travel with HTTP 401; the others are HTTP statuses themselves. */
function httpStatusOf(code: number): number {
  if (code >= 100 && code < 600) return code;
  if (code >= 40100 && code < 41300) return 401;
  return 500;
}

/**
 * A failure the caller is meant to see: the envelope code, the HTTP status and the message shown
 * to the user, rendered in the caller's language when answered (its `message` is the Chinese, for
 * logs). Anything thrown that is not an AppError is answered as 500.
 */
export class AppError extends Error {
  override readonly name = "AppError";
  readonly httpStatus: number;

  constructor(
    readonly code: number,
    readonly text: ServerText,
    httpStatus?: number,
    /**
     * Details the caller acts on besides the message, sent as the envelope's result; the
     * ServerTexts in it (row reasons, field messages) are rendered in the caller's language too.
     */
    readonly result?: unknown,
  ) {
    super(String(text));
    this.httpStatus = httpStatus ?? httpStatusOf(code);
  }

  static badRequest(message: ServerText): AppError {
    return new AppError(ErrorCode.BAD_REQUEST, message);
  }

  static notFound(message: ServerText): AppError {
    return new AppError(ErrorCode.NOT_FOUND, message);
  }

  static payloadTooLarge(message: ServerText): AppError {
    return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, message);
  }

  static unavailable(message: ServerText): AppError {
    return new AppError(SERVICE_UNAVAILABLE, message);
  }
}

/** The framework-level answers, in the shared catalogs' server.errors namespace. */
export const Messages = {
  notFound: text("server.errors.notFound"),
  resourceNotFound: text("server.errors.resourceNotFound"),
  internal: text("server.errors.internal"),
  bodyTooLarge: text("server.errors.bodyTooLarge"),
  badJson: text("server.errors.badJson"),
  emptyBody: text("server.errors.emptyBody"),
  unsupportedMediaType: text("server.errors.unsupportedMediaType"),
  badRequest: text("server.errors.badRequest"),
  requestTimeout: text("server.errors.requestTimeout"),
  headersTooLarge: text("server.errors.headersTooLarge"),
  tooManyRequests: text("server.errors.tooManyRequests"),
  shuttingDown: text("server.errors.shuttingDown"),
  appNotBuilt: text("server.errors.appNotBuilt"),
  databaseDown: text("server.errors.databaseDown"),
  serviceUnavailable: text("server.errors.serviceUnavailable"),
} as const;
