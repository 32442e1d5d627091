import type { NavigateFunction } from "react-router";
import type { Envelope } from "../../contract/envelope";
import { http } from "../../providers/http";
import { sessionStore, storage } from "../../providers/storage";
import { SessionKey, StorageKey } from "../../providers/storageKeys";
import { clearAccessToken, clearTokenData } from "../../providers/tokenStore";
import { Paths } from "../routes";
import { notifySessionChanged } from "./storedUser";

/**
 * SPEC 4: call the logout endpoint; when it answers code 200 clear the local user info, menu, roles
 * and grade; in every case go to the login page.
 */
export async function logout(navigate: NavigateFunction): Promise<void> {
  try {
    const body = await http.get<Envelope>("/uaa/identity/logout", { noCode: true, silent: true });
    if (body?.code === 200) {
      storage.remove(StorageKey.USER_INFO, StorageKey.MENU, StorageKey.AUTH, StorageKey.LEGACY_ROLES, StorageKey.INFO);
      sessionStore.remove(SessionKey.GRADE);
      clearAccessToken();
      clearTokenData();
      notifySessionChanged();
    }
  } catch (error) {
    console.warn("logout call failed", error);
  } finally {
    navigate(Paths.LOGIN_INDEX);
  }
}
