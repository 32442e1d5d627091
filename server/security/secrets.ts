/**
 * Names of fields and query parameters whose values are credentials: passwords, tokens (access,
 * refresh, id, ex_token, id_token_hint), client secrets, one-time codes. The one list both the
 * request log (server/logger.ts) and the operation log (server/modules/logs/writer.ts) mask by.
 */
export const SECRET_NAME = /passw|pwd|token|secret|vcode|code_?verifier|auth_?code|sms_?code/i;

/** What a masked value reads as. */
export const MASK = "******";

/**
 * A query parameter whose value must not be logged. Besides SECRET_NAME, a bare `code` in an
 * address is an OAuth authorization code (RFC 6749 4.1.2, the SSO callback); in a body `code` names
 * a role or an area, so the operation log keeps it.
 */
export function isSecretQueryName(name: string): boolean {
  return name === "code" || SECRET_NAME.test(name);
}

/**
 * The address with the values of its secret query parameters replaced by MASK; the path and the
 * other parameters stay as sent, so the log still says what was asked for.
 */
export function maskUrl(url: string): string {
  const question = url.indexOf("?");
  if (question < 0) return url;
  const query = url.slice(question + 1).split("&");
  const masked = query.map((pair) => {
    const eq = pair.indexOf("=");
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, " "));
    } catch {
      // A name that is not valid percent-encoding could still hide a secret: mask its value.
      return eq < 0 ? pair : `${rawName}=${MASK}`;
    }
    return eq >= 0 && isSecretQueryName(name) ? `${rawName}=${MASK}` : pair;
  });
  return `${url.slice(0, question)}?${masked.join("&")}`;
}
