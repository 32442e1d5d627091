import { authorizationHeader } from "../../../providers/tokenStore";

/** The upload control's headers: the stored token, read at each upload so a refreshed one is sent. */
export function uploadAuthHeaders(): Record<string, string> {
  const authorization = authorizationHeader();
  return authorization ? { Authorization: authorization } : {};
}
