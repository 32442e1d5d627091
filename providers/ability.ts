import { AbilityBuilder, createMongoAbility, type MongoAbility } from "@casl/ability";
import type { MenuCodeValue } from "../contract/menus";
import { storage } from "./storage";
import { StorageKey } from "./storageKeys";

/** SPEC 6: the only thing a menu code grants is seeing (and so using) what it names. */
export type AppAction = "view";
export type AppAbility = MongoAbility<[AppAction, MenuCodeValue]>;

/** The ability a list of menu codes grants: `view` on each code, nothing else. */
export function buildAbility(menuCodes: readonly string[]): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  for (const code of menuCodes) can("view", code as MenuCodeValue);
  return build();
}

/** The menu codes of the stored auth list ([{ menuCode }]); none when nothing usable is stored. */
export function readStoredMenuCodes(): string[] {
  const auth = storage.get<unknown>(StorageKey.AUTH);
  if (!Array.isArray(auth)) return [];
  return auth
    .map((entry: unknown) => (entry && typeof entry === "object" ? (entry as { menuCode?: unknown }).menuCode : undefined))
    .filter((code): code is string => typeof code === "string" && code !== "");
}

/**
 * The app's one ability. It is updated in place rather than replaced so that every `<Can>` and
 * `useAbility` already mounted re-renders through CASL's own "updated" event.
 */
export const appAbility: AppAbility = buildAbility(readStoredMenuCodes());

/** Rebuilds the app's ability from the auth list stored now (after sign-in, sign-out or another tab). */
export function syncAbilityWithStorage(): void {
  appAbility.update(buildAbility(readStoredMenuCodes()).rules);
}
