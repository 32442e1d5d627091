import { Form, Input, type FormRule } from "antd";
import { useT } from "../../i18n/I18nContext";
import { confirmRules, passwordRules } from "./accountRules";

export interface PasswordInputsProps {
  /** data-testids `<prefix>-password` and `<prefix>-confirm`. */
  testIdPrefix: string;
  passwordName?: string;
  confirmName?: string;
  passwordLabel?: string;
  confirmLabel?: string;
  /** Rules beyond presence and strength, e.g. "differs from the old password". */
  extraRules?: FormRule[];
}

/** A new password with its confirmation, which is re-checked whenever the password changes. */
export function PasswordInputs({
  testIdPrefix,
  passwordName = "password",
  confirmName = "confirmPassword",
  passwordLabel = "account.fields.password",
  confirmLabel = "account.fields.confirmPassword",
  extraRules = [],
}: PasswordInputsProps) {
  const t = useT();
  return (
    <>
      <Form.Item name={passwordName} label={t(passwordLabel)} rules={[...passwordRules(t), ...extraRules]}>
        <Input.Password
          autoComplete="new-password"
          placeholder={t("account.placeholders.password")}
          data-testid={`${testIdPrefix}-password`}
        />
      </Form.Item>
      <Form.Item
        name={confirmName}
        label={t(confirmLabel)}
        dependencies={[passwordName]}
        rules={confirmRules(t, passwordName)}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={t("account.placeholders.confirmPassword")}
          data-testid={`${testIdPrefix}-confirm`}
        />
      </Form.Item>
    </>
  );
}
