import { useSyncExternalStore } from "react";
import type { UserMenu } from "../../providers/session/userSession";
import { storage } from "../../providers/storage";
import { StorageKey } from "../../providers/storageKeys";
import { subscribeToSession } from "../../providers/session/storedUser";

const snapshot = (): string | null => storage.getText(StorageKey.MENU);

/**
 * The menus the navigation shows: the stored menus (GET /api/user/getUserMenus) of type "menu" that
 * lead somewhere, in their sort order. Buttons and path-less groups only gate elements.
 */
export function navigableMenus(raw: string | null): UserMenu[] {
  if (!raw) return [];
  let menus: unknown;
  try {
    menus = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(menus)) return [];
  return (menus as UserMenu[])
    .filter((menu) => menu && menu.type === "menu" && typeof menu.path === "string" && menu.path !== "")
    .sort((a, b) => a.sort - b.sort);
}

/** The navigable stored menus, kept current as the session changes. */
export function useNavigableMenus(): UserMenu[] {
  return navigableMenus(useSyncExternalStore(subscribeToSession, snapshot));
}
