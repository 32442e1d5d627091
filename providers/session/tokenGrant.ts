import type { TokenAnswer as IssuedToken } from "../../contract/schemas/auth";
import { storedLocale } from "../storedLocale";
import { translate } from "../../i18n/appTranslate";
import { ApiError } from "../apiError";
import { http } from "../http";
import type { AccessTokenRecord } from "../tokenStore";
import { WEB_CLIENT } from "./webClient";

export const TOKEN_PATH = "/uaa/oauth/token";

/**
 * The OAuth 2.0 token answer of /uaa/oauth/token, with the `code` and `message` DESIGN.md adds
 * (contract/schemas/auth.ts), read as possibly incomplete: a refusal carries no token.
 */
export type TokenAnswer = Partial<IssuedToken>;

export type TokenGrant =
  | { grant_type: "password"; username: string; password: string; vid: string; vcode: string; auth_code: string }
  | { grant_type: "refresh_token"; refresh_token: string }
  | { grant_type: "vcpwd"; ex_token: string };

/** A form body (RFC 6749 4.3.2), the way OAuth parameters travel; the server reads no others. */
export const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded";

/**
 * Asks /uaa/oauth/token for our tokens. Every parameter goes in the form body and none in the
 * address: addresses end up in browser histories and proxy and server logs. The call answers OAuth
 * JSON rather than the envelope, hence noCode; a failure rejects with an ApiError carrying the
 * server's message, and an answer without an access token counts as one.
 */
export async function requestToken(grant: TokenGrant): Promise<TokenAnswer & { access_token: string }> {
  const body = new URLSearchParams({ ...grant, client_id: WEB_CLIENT.id, client_secret: WEB_CLIENT.secret });
  const answer = await http.post<TokenAnswer>(TOKEN_PATH, body.toString(), { noAuth: true, noCode: true, headers: { "Content-Type": FORM_CONTENT_TYPE } });
  if (!answer?.access_token) {
    const text = answer?.message || translate(storedLocale(), "providers.requestFailed");
    throw new ApiError(text, { code: answer?.code, httpStatus: 200, body: answer });
  }
  return { ...answer, access_token: answer.access_token };
}

/** SPEC 3: the record keeps expires_in as the absolute time in ms at which the token expires. */
export function toTokenRecord(answer: TokenAnswer & { access_token: string }, isRefresh: boolean, now = Date.now()): AccessTokenRecord {
  return {
    access_token: answer.access_token,
    token_type: answer.token_type ?? "bearer",
    expires_in: now + (answer.expires_in ?? 0) * 1000,
    refresh_token: answer.refresh_token,
    is_refresh: isRefresh,
  };
}
