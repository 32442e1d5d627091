/** Business constants and limits of SPEC 9, shared by the app and the server. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const TOKEN_RESTORE_WINDOW_MS = 3_600_000;
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;
export const SIGN_IN_ERROR_REDIRECT_MS = 500;

export const ARCHIVE_PAGE_SIZE = 10;
export const LIST_PAGE_SIZES = [10, 50, 100, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;
export const HISTORY_FETCH_SIZE = 1000;

export const LONG_TEXT_MAX = 1000;
export const CONTACT_PERSON_MAX = 20;
