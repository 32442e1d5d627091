import { Form, Input } from "antd";
import { useT } from "../../i18n/I18nContext";
import { mobileRules, notTakenRule, smsCodeRules, usernameRules } from "./accountRules";
import { PasswordInputs } from "./PasswordInputs";
import { SmsCodeInput } from "./SmsCodeInput";

/** Longest company or person name the form takes; the server stores no more. */
const NAME_MAX = 100;

/** The registration fields; username and mobile are checked for duplicates when they lose focus. */
export function RegisterInputs() {
  const t = useT();
  return (
    <>
      <Form.Item
        name="username"
        label={t("account.fields.username")}
        validateTrigger={["onChange", "onBlur"]}
        rules={[...usernameRules(t), notTakenRule("username", t("account.rules.usernameTaken"))]}
      >
        <Input autoComplete="username" placeholder={t("account.placeholders.username")} data-testid="register-username" />
      </Form.Item>
      <PasswordInputs testIdPrefix="register" />
      <Form.Item
        name="mobile"
        label={t("account.fields.mobile")}
        validateTrigger={["onChange", "onBlur"]}
        rules={[...mobileRules(t), notTakenRule("mobile", t("account.rules.mobileTaken"))]}
      >
        <Input maxLength={11} inputMode="tel" placeholder={t("account.placeholders.mobile")} data-testid="register-mobile" />
      </Form.Item>
      <Form.Item name="smsCode" label={t("account.fields.smsCode")} rules={smsCodeRules(t)}>
        <SmsCodeInput scene="register" mobileField="mobile" testIdPrefix="register" />
      </Form.Item>
      <Form.Item
        name="companyName"
        label={t("account.fields.companyName")}
        rules={[
          { required: true, whitespace: true, message: t("account.rules.companyRequired") },
          { max: NAME_MAX, message: t("account.rules.tooLong", { max: NAME_MAX }) },
        ]}
      >
        <Input placeholder={t("account.placeholders.companyName")} data-testid="register-company" />
      </Form.Item>
      <Form.Item
        name="name"
        label={t("account.fields.name")}
        rules={[{ max: NAME_MAX, message: t("account.rules.tooLong", { max: NAME_MAX }) }]}
      >
        <Input autoComplete="name" placeholder={t("account.placeholders.name")} data-testid="register-name" />
      </Form.Item>
    </>
  );
}
