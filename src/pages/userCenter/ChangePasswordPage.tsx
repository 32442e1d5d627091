import { useNotification } from "@refinedev/core";
import { Alert, Button, Form, Input } from "antd";
import { useState, useSyncExternalStore } from "react";
import { passwordChangeRequired, setPasswordChangeRequired } from "../../../providers/session/userSession";
import { useT } from "../../i18n/I18nContext";
import { subscribeToSession } from "../../../providers/session/storedUser";
import { PasswordInputs } from "../login/PasswordInputs";
import { UserCenterPanel } from "./UserCenterPanel";
import { changePassword } from "./userCenterCalls";

interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * /userCenter/changePassword. The server ends the user's other sessions; this one stays. A user who
 * must first replace a password an administrator set is sent here (at sign-in, or by a 40302
 * refusal) and told why.
 */
export default function ChangePasswordPage() {
  const t = useT();
  const { open: toast } = useNotification();
  const [form] = Form.useForm<ChangePasswordValues>();
  const [saving, setSaving] = useState(false);
  const mustChange = useSyncExternalStore(subscribeToSession, passwordChangeRequired);

  const submit = async ({ oldPassword, newPassword }: ChangePasswordValues) => {
    setSaving(true);
    try {
      await changePassword(oldPassword, newPassword);
      setPasswordChangeRequired(false);
      toast?.({ type: "success", message: t("account.changePassword.success") });
      form.resetFields();
    } catch {
      // The request layer has shown the server's reason (e.g. a wrong current password).
    } finally {
      setSaving(false);
    }
  };

  return (
    <UserCenterPanel title="shell.titles.changePassword">
      {mustChange && (
        <Alert
          type="warning"
          showIcon
          message={t("account.changePassword.initialPasswordNotice")}
          style={{ maxWidth: 560, marginBottom: 24 }}
          data-testid="change-password-required"
        />
      )}
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: "120px" }}
        style={{ maxWidth: 560 }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="oldPassword"
          label={t("account.fields.oldPassword")}
          rules={[{ required: true, message: t("account.rules.oldPasswordRequired") }]}
        >
          <Input.Password autoComplete="current-password" data-testid="change-old-password" />
        </Form.Item>
        <PasswordInputs
          testIdPrefix="change"
          passwordName="newPassword"
          passwordLabel="account.fields.newPassword"
          confirmLabel="account.fields.confirmNewPassword"
          extraRules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value === getFieldValue("oldPassword")) throw new Error(t("account.rules.sameAsOld"));
              },
            }),
          ]}
        />
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="change-submit">
            {t("account.changePassword.submit")}
          </Button>
        </Form.Item>
      </Form>
    </UserCenterPanel>
  );
}
