/**
 * A failed call. Also a Refine HttpError (`message`, `statusCode`), so hooks and notifications
 * treat it like any data-provider failure.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** The envelope's code (code or CODE field); undefined when no envelope came back. */
  readonly code: number | undefined;
  /** The HTTP status; 0 when no answer came (network failure, timeout). */
  readonly httpStatus: number;
  /** For Refine: the HTTP status, but a failure reported inside a 2xx answer counts as 500. */
  readonly statusCode: number;
  /** The parsed response body, when there was one. */
  readonly body: unknown;

  constructor(message: string, options: { code?: number; httpStatus: number; body?: unknown; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.code = options.code;
    this.httpStatus = options.httpStatus;
    this.statusCode = options.httpStatus >= 200 && options.httpStatus < 400 ? 500 : options.httpStatus;
    this.body = options.body;
  }
}
