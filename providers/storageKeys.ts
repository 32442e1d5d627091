/** Every key the app keeps in the browser's storage (SPEC 3), named once. */
export const StorageKey = {
  /** User info: { id, name, avatar }. */
  USER_INFO: "userInfo",
  /** Auth list: [{ menuCode }]. */
  AUTH: "auth",
  MENU: "menu",
  HISTORY_PATH: "historyPath",
  /** The access token record with the time it was stored: { data, savedAt }. */
  ACCESS_TOKEN_RECORD: "accessTokenRecord",
  /** The separate token data with its time: { data, savedAt }. */
  TOKEN_DATA: "tokenData",
  ACCESS_TOKEN: "ACCESS_TOKEN",
  PATNAVI_TOKEN: "patNaviToken",
  /** Legacy token, sent as bearer. */
  TOKEN: "token",
  INFO: "info",
  HOME_TYPE: "homeType",
  SEARCH_INPUT_VAL: "searchInputVal",
  LEGACY_VIPMENU: "vipmenu",
  LEGACY_ROLES: "roles",
  LOCALE: "locale",
  /**
   * How this browser last signed in, "password" or "sso"; kept after the session ends, since it
   * decides where a session-invalid answer sends the user (sessionInvalid.ts).
   */
  SIGN_IN_METHOD: "signInMethod",
  /** PKCE verifier and state of a single sign-on round trip. */
  SSO_PKCE: "ssoPkce",
} as const;

/**
 * Prefixes of the drafts the service archive keeps in localStorage (resources/serviceRecords/useDraft.ts),
 * each followed by the user's id, the company's id and the record's id ("new" for a new record) or the
 * dimension. They outlive the session, so an expired session costs nothing typed, and are read only
 * under the signed-in user's id.
 */
export const DraftKeyPrefix = {
  VISIT_RECORD: "draft:serviceRecord",
  ANSWERS: "draft:serviceAnswers",
} as const;

/** Keys kept in sessionStorage rather than localStorage. */
export const SessionKey = {
  GRADE: "grade",
  VIP_EXPIRED_DATE: "vipExpiredDate2",
  /** The provider's id token of a single sign-on, sent back as id_token_hint when signing out there. */
  SSO_ID_TOKEN: "ssoIdToken",
} as const;
