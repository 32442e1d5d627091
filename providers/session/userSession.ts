import type { Envelope } from "../../contract/envelope";
import type { UserInfo as UserProfile, UserMenu } from "../../contract/schemas/auth";
import { Paths } from "../../contract/paths";
import { notifySessionChanged, type StoredUser } from "./storedUser";
import { http } from "../http";
import { sessionStore, storage } from "../storage";
import { SessionKey, StorageKey } from "../storageKeys";
import { clearAccessToken, clearTokenData, setAccessToken, type AccessTokenRecord } from "../tokenStore";

/** The answers of POST /uaa/accounts/getUserInfo and GET /api/user/getUserMenus. */
export type { UserProfile, UserMenu };

/** How a session was opened: the login form's password, or the provider's single sign-on. */
export type SignInMethod = "password" | "sso";

/** How this browser last signed in; null before the first sign-in. */
export function lastSignInMethod(): SignInMethod | null {
  const method = storage.getText(StorageKey.SIGN_IN_METHOD);
  return method === "password" || method === "sso" ? method : null;
}

/**
 * The one way into a signed-in session: stores the token record, then the user info, auth list and
 * menu the server gives for it, and tells the app the session changed. When either call fails the
 * half-made session is ended again and the failure passes on. Resolves with where the user goes next.
 */
export async function establishSession(record: AccessTokenRecord, method: SignInMethod): Promise<string> {
  setAccessToken(record);
  let profile: UserProfile;
  try {
    const [profileAnswer, menuAnswer] = await Promise.all([
      http.post<Envelope<UserProfile>>("/uaa/accounts/getUserInfo"),
      http.get<Envelope<UserMenu[]>>("/api/user/getUserMenus"),
    ]);
    profile = profileAnswer.result as UserProfile;
    storeProfile(profile);
    storeMenus(menuAnswer.result ?? []);
    storage.setText(StorageKey.SIGN_IN_METHOD, method);
  } catch (error) {
    endSession();
    throw error;
  }
  notifySessionChanged();
  return nextPathAfterSignIn(profile);
}

function storeProfile(profile: UserProfile): void {
  const user: StoredUser = { id: profile.id, name: profile.name || profile.username, avatar: profile.avatar };
  storage.set(StorageKey.USER_INFO, user);
  // The rest (certification state, roles, password-change flag) is what other pages read without asking again.
  storage.set(StorageKey.INFO, profile);
  storage.set(StorageKey.LEGACY_ROLES, profile.roles ?? []);
}

/** Whether the signed-in user must change a password an administrator set before anything else. */
export function passwordChangeRequired(): boolean {
  return storage.get<Partial<UserProfile>>(StorageKey.INFO)?.mustChangePassword === true;
}

/**
 * Records what the server said about the password (the 40302 refusal, or a change made) in the stored
 * profile, and tells the views that read it.
 */
export function setPasswordChangeRequired(required: boolean): void {
  const profile = storage.get<Partial<UserProfile>>(StorageKey.INFO);
  if (!profile || profile.mustChangePassword === required) return;
  storage.set(StorageKey.INFO, { ...profile, mustChangePassword: required });
  notifySessionChanged();
}

function storeMenus(menus: UserMenu[]): void {
  storage.set(
    StorageKey.AUTH,
    menus.map(({ menuCode }) => ({ menuCode })),
  );
  storage.set(StorageKey.MENU, menus);
}

/** A password that must be changed comes first; otherwise the page the user was on, or home. */
function nextPathAfterSignIn(profile: UserProfile): string {
  if (profile.mustChangePassword) return Paths.CHANGE_PASSWORD;
  return storage.getText(StorageKey.HISTORY_PATH) || Paths.HOME;
}

/**
 * The one way out of a session (logout, failed refresh, session-invalid answer, login prompt): removes
 * every token, the user info, the auth list, the menu and the legacy session keys, then tells the app
 * the session changed. The history path, homeType, search text and sign-in method stay: they say where
 * to return, and how.
 */
export function endSession(): void {
  clearAccessToken();
  clearTokenData();
  storage.remove(
    StorageKey.ACCESS_TOKEN,
    StorageKey.PATNAVI_TOKEN,
    StorageKey.TOKEN,
    StorageKey.USER_INFO,
    StorageKey.INFO,
    StorageKey.AUTH,
    StorageKey.MENU,
    StorageKey.LEGACY_ROLES,
    StorageKey.LEGACY_VIPMENU,
  );
  sessionStore.remove(SessionKey.GRADE, SessionKey.VIP_EXPIRED_DATE, SessionKey.SSO_ID_TOKEN);
  notifySessionChanged();
}
