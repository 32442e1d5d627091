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
/** Users among one visit record's researchers. */
export const RESEARCHERS_MAX = 20;
/** A visit record's voiding reason (issue 11 item 5). */
export const VOID_REASON_MAX = 200;

/** The largest value of an `integer` column (PostgreSQL int4; see server/db/migrations). */
export const DB_INTEGER_MAX = 2_147_483_647;
/** Longest text a list is searched by ("contains"); SQLite refuses LIKE patterns over 50,000 bytes. */
export const SEARCH_TEXT_MAX = 200;
