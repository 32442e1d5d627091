import type { FormRule } from "antd";
import {
  isStrongPassword,
  MOBILE_PATTERN,
  SMS_CODE_PATTERN,
  USERNAME_PATTERN,
} from "../../../contract/account";
import type { Translate } from "../../../i18n/types";
import { infoExists, type ExistsField } from "./accountCalls";

/** The account form rules, built on the contract's patterns so the server checks the same thing. */

export const usernameRules = (t: Translate): FormRule[] => [
  { required: true, whitespace: true, message: t("account.rules.usernameRequired") },
  { pattern: USERNAME_PATTERN, message: t("account.rules.usernameFormat") },
];

export const passwordRules = (t: Translate, requiredKey = "account.rules.passwordRequired"): FormRule[] => [
  { required: true, message: t(requiredKey) },
  {
    validator: async (_rule, value: string | undefined) => {
      if (value && !isStrongPassword(value)) throw new Error(t("account.rules.passwordWeak"));
    },
  },
];

/** The confirmation must equal the field `passwordField`. */
export const confirmRules = (t: Translate, passwordField: string): FormRule[] => [
  { required: true, message: t("account.rules.confirmRequired") },
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      if (value && value !== getFieldValue(passwordField)) throw new Error(t("account.rules.confirmMismatch"));
    },
  }),
];

export const mobileRules = (t: Translate): FormRule[] => [
  { required: true, message: t("account.rules.mobileRequired") },
  { pattern: MOBILE_PATTERN, message: t("account.rules.mobileFormat") },
];

export const smsCodeRules = (t: Translate): FormRule[] => [
  { required: true, message: t("account.rules.smsCodeRequired") },
  { pattern: SMS_CODE_PATTERN, message: t("account.rules.smsCodeFormat") },
];

const formatOf: Record<ExistsField, RegExp> = { username: USERNAME_PATTERN, mobile: MOBILE_PATTERN };

/**
 * Asks the server on blur (and again on submit) whether the value is taken. Malformed values are left
 * to the format rule, and a failed check passes: registration itself refuses a duplicate.
 */
export const notTakenRule = (type: ExistsField, message: string): FormRule => ({
  validateTrigger: "onBlur",
  validator: async (_rule, value: string | undefined) => {
    if (!value || !formatOf[type].test(value)) return;
    let exists = false;
    try {
      exists = await infoExists(type, value);
    } catch {
      return;
    }
    if (exists) throw new Error(message);
  },
});

