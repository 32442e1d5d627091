import { useNotification } from "@refinedev/core";
import { Button, Form, Input } from "antd";
import { useState } from "react";
import { useUploadGuard } from "../../components/FileUpload";
import { useT } from "../../i18n/I18nContext";
import { AvatarField } from "./AvatarField";
import { rememberUser } from "./rememberUser";
import { changePersonInfo, type UserInfo } from "./userCenterCalls";

const NAME_MAX = 100;
const EMAIL_MAX = 100;

interface BasicInfoValues {
  avatar: string | null;
  name: string;
  email?: string;
}

/** Avatar, name and email; the account's username and company are shown, not edited. */
export function BasicInfoForm({ user }: { user: UserInfo }) {
  const t = useT();
  const { open: toast } = useNotification();
  const [form] = Form.useForm<BasicInfoValues>();
  const [saving, setSaving] = useState(false);
  const avatarUploads = useUploadGuard();

  const save = async ({ avatar, name, email }: BasicInfoValues) => {
    setSaving(true);
    try {
      // null clears: the avatar falls back to the default image, the email is removed. The email goes
      // only when edited, so a save made while another tab changed it does not put the old one back.
      const saved = await changePersonInfo({
        name: name.trim(),
        avatar,
        email: form.isFieldTouched("email") ? email?.trim() || null : undefined,
      });
      rememberUser(saved);
      toast?.({ type: "success", message: t("account.basicInfo.saved") });
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: "120px" }}
      style={{ maxWidth: 640 }}
      initialValues={{ avatar: user.avatar, name: user.name ?? "", email: user.email ?? "" }}
      onFinish={(values) => void save(values)}
    >
      <Form.Item name="avatar" label={t("account.fields.avatar")} rules={[avatarUploads.rule]}>
        <AvatarField onPendingChange={avatarUploads.onPendingChange} />
      </Form.Item>
      <Form.Item label={t("account.fields.username")}>
        <span data-testid="basic-username">{user.username}</span>
      </Form.Item>
      <Form.Item label={t("account.basicInfo.company")}>
        <span>{user.company?.name ?? t("account.basicInfo.noCompany")}</span>
      </Form.Item>
      <Form.Item
        name="name"
        label={t("account.fields.name")}
        rules={[
          { required: true, whitespace: true, message: t("account.rules.nameRequired") },
          { max: NAME_MAX, message: t("account.rules.tooLong", { max: NAME_MAX }) },
        ]}
      >
        <Input autoComplete="name" data-testid="basic-name" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t("account.fields.email")}
        rules={[
          { type: "email", message: t("account.rules.emailFormat") },
          { max: EMAIL_MAX, message: t("account.rules.tooLong", { max: EMAIL_MAX }) },
        ]}
      >
        <Input autoComplete="email" placeholder={t("account.placeholders.email")} data-testid="basic-email" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="basic-save">
          {t("account.basicInfo.save")}
        </Button>
      </Form.Item>
    </Form>
  );
}
