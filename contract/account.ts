/** Account rules both halves check: registration, password changes, certification. */

export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;
/** Mainland mobile numbers. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** At least 8 characters with letters and digits. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password)
  );
}

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_AFTER_MS = 60_000;
export const SMS_MAX_PER_HOUR = 5;
export const SMS_SCENES = ["register", "resetPassword", "changeMobile"] as const;
export type SmsScene = (typeof SMS_SCENES)[number];

export const CAPTCHA_TTL_MS = 5 * 60_000;
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MS = 10 * 60_000;

export const CERTIFICATION_STATES = ["submitted", "reviewing", "approved", "rejected"] as const;
export type CertificationState = (typeof CERTIFICATION_STATES)[number];

const CREDIT_CODE_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Unified social credit code: 18 characters whose last is the GB 32100-2015 check character. */
export function isValidCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CODE_CHARS.indexOf(code[i]) * CREDIT_CODE_WEIGHTS[i];
  const check = (31 - (sum % 31)) % 31;
  return CREDIT_CODE_CHARS[check] === code[17];
}

/*
 * The wire shapes of registration and certification are TypeBox schemas in schemas/; the app names
 * their types from here without loading TypeBox.
 */
export type { Registration } from "./schemas/accounts";
export type { Certification, CertificationApplication } from "./schemas/certification";
