import { logActionKeyOf, SIGN_IN_FAILED_PREFIX } from "../../contract/logActions";
import type { Translate } from "../../src/i18n/types";

/** One record of POST /api/logs/listData. */
export interface LogRow {
  id: string | number;
  logAction: string;
  remoteAddr: string | null;
  lastModifiedDate: string;
  logType: number | string;
  exceptionType: number | string;
  userName: string | null;
}

/** GET /api/logs/:id: the row's fields and what the request carried. */
export interface LogDetail extends LogRow {
  userId: string | number | null;
  method: string | null;
  path: string | null;
  params: string | null;
  durationMs: number | null;
  errorMessage: string | null;
}

/** SPEC 2: log type 1 is a login, anything else an operation. */
export const logTypeKey = (logType: LogRow["logType"]): string =>
  Number(logType) === 1 ? "admin.logs.logType.login" : "admin.logs.logType.operation";

/** SPEC 2: exceptionType 1 is abnormal, anything else normal. */
export const statusKey = (exceptionType: LogRow["exceptionType"]): string =>
  Number(exceptionType) === 1 ? "admin.logs.status.abnormal" : "admin.logs.status.normal";

/**
 * A row's action in the reader's language: the actions of contract/logActions.ts by their key, a
 * refused sign-in with its reason as stored; any other text (older rows) as stored.
 */
export function logActionLabel(text: string, t: Translate): string {
  const key = logActionKeyOf(text);
  if (key) return t(`admin.logs.actions.${key}`);
  if (text.startsWith(SIGN_IN_FAILED_PREFIX)) return t("admin.logs.actions.signInFailed", { reason: text.slice(SIGN_IN_FAILED_PREFIX.length) });
  return text;
}
