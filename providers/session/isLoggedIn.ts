import { readStoredUser } from "./storedUser";
import { getAccessToken, getLegacyToken } from "../tokenStore";

/** SPEC 4: logged in means the stored user info has an id and a token exists. */
export function isLoggedIn(): boolean {
  return readStoredUser() !== null && (getAccessToken() !== null || getLegacyToken() !== null);
}
