import type { AuthProvider } from "@refinedev/core";
import { Paths } from "../contract/paths";
import { readStoredUser } from "./session/storedUser";
import { isLoggedIn } from "./session/isLoggedIn";
import { logoutFromServer } from "./session/logoutCall";
import { signInWithPassword, type PasswordCredentials } from "./session/passwordSignIn";
import { storage } from "./storage";
import { StorageKey } from "./storageKeys";

/**
 * Refine's view of the session. Refresh and the session-invalid redirect live in the request layer
 * (installSessionHandlers), single sign-on on its own pages; this covers the password sign-in, the
 * logout and what Refine asks about the signed-in user.
 */
export const authProvider: AuthProvider = {
  login: async (credentials: PasswordCredentials) => {
    try {
      return { success: true, redirectTo: await signInWithPassword(credentials) };
    } catch (error) {
      return { success: false, error: error instanceof Error ? error : new Error(String(error)) };
    }
  },

  logout: async () => {
    await logoutFromServer();
    return { success: true, redirectTo: Paths.LOGIN_INDEX };
  },

  // SPEC 2 lets every navigation through; this only answers pages that ask.
  check: async () =>
    isLoggedIn() ? { authenticated: true } : { authenticated: false, redirectTo: Paths.LOGIN_INDEX },

  // The request layer has already acted on session-invalid codes and shown the message.
  onError: async () => ({}),

  getIdentity: async () => readStoredUser(),

  getPermissions: async () => storage.get<{ menuCode: string }[]>(StorageKey.AUTH) ?? [],
};
