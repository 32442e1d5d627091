/** The envelope every business call answers with (DESIGN.md "Calls"). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  result?: T;
  /** Present on write calls the app reads it from: 1 = success. */
  status?: 0 | 1;
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export interface PageRequest<M = Record<string, unknown>> {
  current: number;
  size: number;
  model: M;
}

export const OK_CODE = 200;

export const ErrorCode = {
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** Too many failed sign-ins: the account is locked for a while. */
  ACCOUNT_LOCKED: 423,
  /** The signed-in member's enterprise certification is not approved (yet). */
  CERTIFICATION_REQUIRED: 40301,
  /** The account still has a generated password: only the password change (and sign-out) answers. */
  PASSWORD_CHANGE_REQUIRED: 40302,
  /** Access token missing, invalid or expired. */
  TOKEN_INVALID: 40101,
  /** Refresh token invalid. */
  REFRESH_INVALID: 41201,
  /** Session revoked by an administrator. */
  SESSION_REVOKED: 41202,
} as const;

/** Codes after which the app sends the whole window to the provider's authorize page (SPEC 8). */
export const SESSION_INVALID_CODES: readonly number[] = [
  ErrorCode.TOKEN_INVALID,
  ErrorCode.REFRESH_INVALID,
  ErrorCode.SESSION_REVOKED,
];

/** SPEC 8: success is code 200, '200' in an upper-case CODE field, or 200000. */
export function isSuccessBody(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const b = body as { code?: unknown; CODE?: unknown };
  return b.code === 200 || b.code === "200" || b.CODE === "200" || b.CODE === 200 || b.code === 200000;
}
