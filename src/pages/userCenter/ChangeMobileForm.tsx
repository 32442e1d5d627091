import { useNotification } from "@refinedev/core";
import { Button, Form, Input } from "antd";
import { useState } from "react";
import { useT } from "../../i18n/I18nContext";
import { mobileRules, smsCodeRules } from "../login/accountRules";
import { SmsCodeInput } from "../login/SmsCodeInput";
import { changeMobile } from "./userCenterCalls";

interface ChangeMobileValues {
  mobile: string;
  smsCode: string;
}

/** Moves the account to a new mobile number, proven by a code sent to that number. */
export function ChangeMobileForm({ current, onChanged }: { current: string | null; onChanged: (mobile: string) => void }) {
  const t = useT();
  const { open: toast } = useNotification();
  const [form] = Form.useForm<ChangeMobileValues>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ mobile, smsCode }: ChangeMobileValues) => {
    setSaving(true);
    try {
      await changeMobile(mobile, smsCode);
      toast?.({ type: "success", message: t("account.basicInfo.mobileChanged") });
      form.resetFields();
      onChanged(mobile);
    } catch {
      // The request layer has shown the server's reason (wrong code, number taken).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: "120px" }} style={{ maxWidth: 640 }} onFinish={(v) => void submit(v)}>
      <Form.Item label={t("account.basicInfo.currentMobile")}>
        <span data-testid="mobile-current">{current ?? "--"}</span>
      </Form.Item>
      <Form.Item name="mobile" label={t("account.fields.newMobile")} rules={mobileRules(t)}>
        <Input maxLength={11} inputMode="tel" placeholder={t("account.placeholders.mobile")} data-testid="mobile-mobile" />
      </Form.Item>
      <Form.Item name="smsCode" label={t("account.fields.smsCode")} rules={smsCodeRules(t)}>
        <SmsCodeInput scene="changeMobile" mobileField="mobile" testIdPrefix="mobile" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button htmlType="submit" loading={saving} data-testid="mobile-submit">
          {t("account.basicInfo.changeMobile")}
        </Button>
      </Form.Item>
    </Form>
  );
}
