import { TOKEN_RESTORE_WINDOW_MS } from "../contract/limits";
import { storage } from "./storage";
import { StorageKey } from "./storageKeys";

/** SPEC 3: the access token record, as stored. */
export interface AccessTokenRecord {
  access_token: string;
  token_type: string;
  /** Absolute expiry time in ms since the epoch (the OAuth answer's seconds, converted on save). */
  expires_in: number;
  refresh_token?: string;
  is_refresh?: boolean;
}

/** A stored value with the time it was saved, for the restore rule of SPEC 4. */
export interface Stamped<T> {
  data: T;
  savedAt: number;
}

type StampedKey = typeof StorageKey.ACCESS_TOKEN_RECORD | typeof StorageKey.TOKEN_DATA;

function readStamped<T>(key: StampedKey): Stamped<T> | null {
  const stamped = storage.get<Partial<Stamped<T>>>(key);
  if (!stamped || stamped.data === undefined || stamped.data === null || typeof stamped.savedAt !== "number") {
    return null;
  }
  return stamped as Stamped<T>;
}

function writeStamped(key: StampedKey, data: unknown, now: number): void {
  storage.set(key, { data, savedAt: now } satisfies Stamped<unknown>);
}

export function getAccessToken(): AccessTokenRecord | null {
  const record = readStamped<AccessTokenRecord>(StorageKey.ACCESS_TOKEN_RECORD)?.data;
  return record?.access_token ? record : null;
}

export function setAccessToken(record: AccessTokenRecord, now = Date.now()): void {
  writeStamped(StorageKey.ACCESS_TOKEN_RECORD, record, now);
}

export function clearAccessToken(): void {
  storage.remove(StorageKey.ACCESS_TOKEN_RECORD);
}

/** The separate token data of SPEC 3 (its shape belongs to sign-in). */
export function getTokenData<T>(): T | null {
  return readStamped<T>(StorageKey.TOKEN_DATA)?.data ?? null;
}

export function setTokenData(data: unknown, now = Date.now()): void {
  writeStamped(StorageKey.TOKEN_DATA, data, now);
}

export function clearTokenData(): void {
  storage.remove(StorageKey.TOKEN_DATA);
}

export function getLegacyToken(): string | null {
  return storage.getText(StorageKey.TOKEN) || null;
}

/**
 * SPEC 4, run once at start: the access token record and the token data survive only while they are
 * under TOKEN_RESTORE_WINDOW_MS old; older or unreadable entries are removed.
 */
export function restoreTokens(now = Date.now()): void {
  for (const key of [StorageKey.ACCESS_TOKEN_RECORD, StorageKey.TOKEN_DATA] as const) {
    if (storage.getText(key) === null) continue;
    const stamped = readStamped(key);
    if (!stamped || now - stamped.savedAt >= TOKEN_RESTORE_WINDOW_MS) storage.remove(key);
  }
}

/**
 * The Authorization value for a call: `<token_type> <access_token>` from the record, or
 * `Bearer <access_token>` for the calls SPEC 7 marks "(bearer)"; with no record, a legacy stored token
 * goes as bearer. Null when nothing is stored.
 */
export function authorizationHeader(bearer = false): string | null {
  const record = getAccessToken();
  if (record) return `${bearer || !record.token_type ? "Bearer" : record.token_type} ${record.access_token}`;
  const legacy = getLegacyToken();
  return legacy ? `Bearer ${legacy}` : null;
}
