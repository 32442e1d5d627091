import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from "@ant-design/icons";
import { Alert, Button, Divider, Form, Input } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { authProvider } from "../../../providers/authProvider";
import { redirectToAuthorize } from "../../../providers/session/authorizeRedirect";
import type { PasswordCredentials } from "../../../providers/session/passwordSignIn";
import { useT } from "../../i18n/I18nContext";
import { Paths } from "../../../contract/paths";
import { CaptchaInput } from "./CaptchaInput";
import { LoginLayout } from "./LoginLayout";
import { useCaptcha } from "./useCaptcha";

interface LoginFields {
  username: string;
  password: string;
  vcode: string;
}

/** /login/index: username, password and captcha through the authProvider, or single sign-on. */
export default function LoginPage() {
  const t = useT();
  const [form] = Form.useForm<LoginFields>();
  const { captcha, failed: captchaFailed, refresh: refreshCaptcha } = useCaptcha();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [leavingForSso, setLeavingForSso] = useState(false);

  const submit = ({ username, password, vcode }: LoginFields) => {
    setError(null);
    const credentials: PasswordCredentials = {
      username: username.trim(),
      password,
      vid: captcha?.vid ?? "",
      vcode: vcode.trim(),
    };
    // The authProvider directly rather than Refine's useLogin: the sign-in pages run without Refine,
    // which a first visit here would otherwise have to load (App.tsx).
    setPending(true);
    void authProvider.login(credentials).then((result) => {
      setPending(false);
      if (result.success) {
        if (result.redirectTo) void navigate(result.redirectTo);
        return;
      }
      // A captcha is good for one attempt: the next one needs a fresh picture and code.
      setError(result.error?.message ?? null);
      form.setFieldValue("vcode", "");
      refreshCaptcha();
    });
  };

  const signInWithSso = () => {
    setError(null);
    setLeavingForSso(true);
    redirectToAuthorize().catch((failure: unknown) => {
      console.warn("single sign-on unavailable", failure);
      setLeavingForSso(false);
      setError(t("auth.login.ssoUnavailable"));
    });
  };

  return (
    <LoginLayout title="shell.titles.login">
      <Form<LoginFields> form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="login-form">
        <Form.Item
          name="username"
          label={t("auth.login.username")}
          rules={[{ required: true, whitespace: true, message: t("auth.login.usernameRequired") }]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t("auth.login.usernamePlaceholder")}
            autoComplete="username"
            data-testid="login-username"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t("auth.login.password")}
          rules={[{ required: true, message: t("auth.login.passwordRequired") }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t("auth.login.passwordPlaceholder")}
            autoComplete="current-password"
            data-testid="login-password"
          />
        </Form.Item>
        <Form.Item
          name="vcode"
          label={t("auth.login.captcha")}
          rules={[{ required: true, whitespace: true, message: t("auth.login.captchaRequired") }]}
        >
          <CaptchaInput captcha={captcha} failed={captchaFailed} onRefresh={refreshCaptcha} />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
        <Button type="primary" htmlType="submit" block loading={isPending} data-testid="login-submit">
          {t("auth.login.submit")}
        </Button>
      </Form>
      <Divider plain>{t("auth.login.or")}</Divider>
      <Button block icon={<SafetyCertificateOutlined />} loading={leavingForSso} onClick={signInWithSso} data-testid="login-sso">
        {t("auth.login.sso")}
      </Button>
      <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8, marginTop: 16 }}>
        <Link to={Paths.REGISTER}>{t("auth.login.register")}</Link>
        <Link to={Paths.RETRIEVE_PASSWORD}>{t("auth.login.retrievePassword")}</Link>
      </div>
    </LoginLayout>
  );
}
