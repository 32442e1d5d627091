import { Button, Form, Input } from "antd";
import { useState } from "react";
import { notify } from "../../../providers/notifier";
import { useT } from "../../i18n/I18nContext";
import { PasswordInputs } from "../login/PasswordInputs";
import { UserCenterPanel } from "./UserCenterPanel";
import { changePassword } from "./userCenterCalls";

interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** /userCenter/changePassword. The server ends the user's other sessions; this one stays. */
export default function ChangePasswordPage() {
  const t = useT();
  const [form] = Form.useForm<ChangePasswordValues>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ oldPassword, newPassword }: ChangePasswordValues) => {
    setSaving(true);
    try {
      await changePassword(oldPassword, newPassword);
      notify.success(t("account.changePassword.success"));
      form.resetFields();
    } catch {
      // The request layer has shown the server's reason (e.g. a wrong current password).
    } finally {
      setSaving(false);
    }
  };

  return (
    <UserCenterPanel title="shell.titles.changePassword">
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
