import { storage } from "../../../providers/storage";
import { StorageKey } from "../../../providers/storageKeys";
import { notifySessionChanged, type StoredUser } from "../../../providers/session/storedUser";
import type { PersonInfo } from "./userCenterCalls";

/** Puts the saved name and avatar into the cached user info, so the header greeting follows at once. */
export function rememberUser(info: PersonInfo): void {
  const current = storage.get<Partial<StoredUser>>(StorageKey.USER_INFO) ?? {};
  const next: StoredUser = { ...current, id: info.id, name: info.name ?? current.name ?? "", avatar: info.avatar };
  storage.set(StorageKey.USER_INFO, next);
  notifySessionChanged();
}
