import { ErrorCode } from "../../../contract/envelope";
import type { ServerText } from "../../i18n";

/** The RFC 6749 section 5.2 error codes the token endpoint answers with. */
export type OAuthErrorCode = "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type";

/**
 * A refused token request: the standard `error` and `error_description`, plus the envelope `code`
 * and the `message` the app shows, in the caller's language (DESIGN.md "Calls"). Grants throw it;
 * the token endpoint answers it and logs the attempt. `error_description` stays English: RFC 6749
 * 5.2 allows it printable ASCII only.
 */
export class OAuthError extends Error {
  override readonly name = "OAuthError";

  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly text: ServerText,
    readonly code: number = error === "invalid_client" ? 401 : ErrorCode.BAD_REQUEST,
    // Session codes (412xx) travel with HTTP 401, like AppError's.
    readonly httpStatus: number = code < 600 ? code : 401,
  ) {
    super(String(text));
  }
}

/** A refresh token presented a second time: the chain it belongs to has been revoked (RFC 9700 4.14.2). */
export class RefreshReuseError extends OAuthError {
  constructor(
    text: ServerText,
    readonly user: { id: number; username: string },
  ) {
    super("invalid_grant", "refresh token already used", text, ErrorCode.REFRESH_INVALID);
  }
}
