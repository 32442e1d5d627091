import { SIGN_IN_FAILED_PREFIX } from "../../../contract/logActions";
import { formatDateTime } from "../../db/time";
import { text, type ServerText } from "../../i18n";

/** What the sign-in answers say to the user. */
export const AuthMessages = {
  captchaInvalid: text("server.auth.captchaInvalid"),
  badCredentials: text("server.auth.badCredentials"),
  disabled: text("server.auth.disabled"),
  invalidClient: text("server.auth.invalidClient"),
  unsupportedGrant: text("server.auth.unsupportedGrant"),
  tokenInvalid: text("server.auth.tokenInvalid"),
  sessionEnded: text("server.auth.sessionEnded"),
  forbidden: text("server.auth.forbidden"),
  passwordChangeRequired: text("server.auth.passwordChangeRequired"),
  refreshInvalid: text("server.auth.refreshInvalid"),
  refreshReused: text("server.auth.refreshReused"),
} as const;

export const missingParameter = (name: string) => text("server.auth.missingParameter", { name });

/** The unlock time is rounded up to the minute so that trying again at the time shown works. */
export function lockedMessage(lockedUntil: Date, timeZone: string): ServerText {
  const shown = new Date(Math.ceil(lockedUntil.getTime() / 60_000) * 60_000);
  return text("server.auth.locked", { time: formatDateTime(shown, timeZone).slice(11, 16) });
}

/** The operation-log action of a refused sign-in: stored, so in the default language whoever called. */
export const signInFailed = (reason: ServerText) => `${SIGN_IN_FAILED_PREFIX}${String(reason)}`;
