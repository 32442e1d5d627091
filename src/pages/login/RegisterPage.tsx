import { notify } from "../../../providers/notifier";
import { Button, Form, Typography } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useT } from "../../i18n/I18nContext";
import { Paths } from "../../../contract/paths";
import { register, type Registration } from "./accountCalls";
import { LoginLayout } from "./LoginLayout";
import { RegisterInputs } from "./RegisterInputs";

type RegisterValues = Registration & { confirmPassword: string };

export default function RegisterPage() {
  const t = useT();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ username, password, mobile, smsCode, companyName, name }: RegisterValues) => {
    setSubmitting(true);
    try {
      await register({ username, password, mobile, smsCode, companyName: companyName.trim(), name: name?.trim() || undefined });
      notify.success(t("account.register.success"));
      navigate(Paths.LOGIN_INDEX);
    } catch {
      // The request layer has shown the server's reason; the form stays filled in for a retry.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <LoginLayout title="shell.titles.register">
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <RegisterInputs />
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="register-submit">
          {t("account.register.submit")}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: "center" }}>
        {t("account.register.haveAccount")} <Link to={Paths.LOGIN_INDEX}>{t("account.register.toLogin")}</Link>
      </Typography.Paragraph>
    </LoginLayout>
  );
}
