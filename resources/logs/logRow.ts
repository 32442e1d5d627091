import { logActionKeyOf, SIGN_IN_FAILED_PREFIX } from "../../contract/logActions";
import type { LogDetail, LogRow } from "../../contract/schemas/logs";
import type { Translate } from "../../i18n/types";

/** A record of POST /api/logs/listData, and GET /api/logs/:id's details of one. */
export type { LogDetail, LogRow };

/** The log types the server writes: 1 a sign-in, 2 an operation. */
export const LOG_TYPES = [1, 2] as const;

/** The statuses the server writes: 0 normal, 1 abnormal. */
export const LOG_STATUSES = [0, 1] as const;

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
