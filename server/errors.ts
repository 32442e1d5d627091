import { ErrorCode } from "../contract/envelope";

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
 * A failure the caller is meant to see: the envelope code, the HTTP status and the Chinese
 * message shown to the user. Anything thrown that is not an AppError is answered as 500.
 */
export class AppError extends Error {
  override readonly name = "AppError";
  readonly httpStatus: number;

  constructor(
    readonly code: number,
    message: string,
    httpStatus?: number,
    /** Details the caller acts on besides the message, sent as the envelope's result. */
    readonly result?: unknown,
  ) {
    super(message);
    this.httpStatus = httpStatus ?? httpStatusOf(code);
  }

  static badRequest(message: string): AppError {
    return new AppError(ErrorCode.BAD_REQUEST, message);
  }

  static notFound(message: string): AppError {
    return new AppError(ErrorCode.NOT_FOUND, message);
  }

  static payloadTooLarge(message: string): AppError {
    return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, message);
  }

  static unavailable(message: string): AppError {
    return new AppError(SERVICE_UNAVAILABLE, message);
  }
}

export const Messages = {
  notFound: "接口不存在",
  resourceNotFound: "资源不存在",
  internal: "服务器内部错误",
  bodyTooLarge: "请求体过大",
  badJson: "请求体不是合法的 JSON",
  emptyBody: "请求体不能为空",
  unsupportedMediaType: "不支持的请求内容类型",
  badRequest: "请求参数不正确",
  requestTimeout: "请求超时，请重试",
  headersTooLarge: "请求头过大",
  tooManyRequests: "请求过于频繁，请稍后再试",
  shuttingDown: "服务正在重启，请稍后再试",
  appNotBuilt: "前端应用尚未构建，请先运行 npm run build",
  databaseDown: "数据库不可用",
  serviceUnavailable: "服务暂不可用，请稍后再试",
} as const;
