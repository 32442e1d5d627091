import { useSyncExternalStore } from "react";
import { SEEDED_ADMIN_NAME } from "../../contract/users";
import { storage } from "../storage";
import { StorageKey } from "../storageKeys";
import type { Translate } from "../../i18n/types";

/** SPEC 3: the cached user info. */
export interface StoredUser {
  id: string | number;
  name: string;
  avatar?: string | null;
}

/** The name a greeting shows: the seeded administrator's in the reader's language, any other as typed. */
export const greetingNameOf = (user: StoredUser, t: Translate): string =>
  user.name === SEEDED_ADMIN_NAME ? t("shell.header.seededAdminName") : user.name;

const SESSION_EVENT = "app:session-changed";

/** Tells every view that reads the stored session to read it again (same tab; other tabs get `storage`). */
export function notifySessionChanged(): void {
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Calls onChange whenever the stored session changes, in this tab or another; returns the unsubscribe. */
export function subscribeToSession(onChange: () => void): () => void {
  window.addEventListener(SESSION_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(SESSION_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

const snapshot = (): string | null => storage.getText(StorageKey.USER_INFO);

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as Partial<StoredUser> | null;
    return user && user.id !== undefined && user.id !== null && user.id !== "" ? (user as StoredUser) : null;
  } catch {
    return null;
  }
}

/** The stored user, or null when no user id is stored. */
export function readStoredUser(): StoredUser | null {
  return parseUser(snapshot());
}

/** The stored user, kept current as the session changes; null when no user id is stored. */
export function useStoredUser(): StoredUser | null {
  return parseUser(useSyncExternalStore(subscribeToSession, snapshot));
}
