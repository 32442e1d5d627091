import { SessionKey, StorageKey } from "./storageKeys";

type Key = (typeof StorageKey)[keyof typeof StorageKey];
type SKey = (typeof SessionKey)[keyof typeof SessionKey];

/** JSON values in localStorage; a value that does not parse reads as absent. */
export const storage = {
  get<T>(key: Key): T | null {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  set(key: Key, value: unknown): void {
    localStorage.setItem(key, JSON.stringify(value));
  },
  remove(...keys: Key[]): void {
    for (const key of keys) localStorage.removeItem(key);
  },
  /** Plain strings (legacy token, homeType, history path) are kept unquoted. */
  getText(key: Key): string | null {
    return localStorage.getItem(key);
  },
  setText(key: Key, value: string): void {
    localStorage.setItem(key, value);
  },
};

export const sessionStore = {
  get: (key: SKey): string | null => sessionStorage.getItem(key),
  set: (key: SKey, value: string): void => sessionStorage.setItem(key, value),
  remove: (...keys: SKey[]): void => keys.forEach((k) => sessionStorage.removeItem(k)),
};
