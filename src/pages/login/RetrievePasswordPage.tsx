import { notify } from "../../../providers/notifier";
import { Button, Form, Input, Typography } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useT } from "../../i18n/I18nContext";
import { Paths } from "../../../contract/paths";
import { resetPassword, type PasswordReset } from "./accountCalls";
import { mobileRules, smsCodeRules } from "./accountRules";
import { LoginLayout } from "./LoginLayout";
import { PasswordInputs } from "./PasswordInputs";
import { SmsCodeInput } from "./SmsCodeInput";

type RetrieveValues = PasswordReset & { confirmPassword: string };

/** Password recovery: a code sent to the account's mobile number proves the owner. */
export default function RetrievePasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const [form] = Form.useForm<RetrieveValues>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ mobile, smsCode, password }: RetrieveValues) => {
    setSubmitting(true);
    try {
      await resetPassword({ mobile, smsCode, password });
      notify.success(t("account.retrieve.success"));
      navigate(Paths.LOGIN_INDEX);
    } catch {
      // The request layer has shown the server's reason (wrong or expired code).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <LoginLayout title="shell.titles.retrievePassword">
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item name="mobile" label={t("account.fields.mobile")} rules={mobileRules(t)}>
          <Input maxLength={11} inputMode="tel" placeholder={t("account.placeholders.mobile")} data-testid="retrieve-mobile" />
        </Form.Item>
        <Form.Item name="smsCode" label={t("account.fields.smsCode")} rules={smsCodeRules(t)}>
          <SmsCodeInput scene="resetPassword" mobileField="mobile" testIdPrefix="retrieve" />
        </Form.Item>
        <PasswordInputs
          testIdPrefix="retrieve"
          passwordLabel="account.fields.newPassword"
          confirmLabel="account.fields.confirmNewPassword"
        />
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="retrieve-submit">
          {t("account.retrieve.submit")}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: "center" }}>
        <Link to={Paths.LOGIN_INDEX}>{t("account.retrieve.toLogin")}</Link>
      </Typography.Paragraph>
    </LoginLayout>
  );
}
