import { notify } from "../../../providers/notifier";
import { Button, Form, Input, Space } from "antd";
import { useState } from "react";
import { SMS_CODE_TTL_MS, SMS_RESEND_AFTER_MS, type SmsScene } from "../../../contract/account";
import { useT } from "../../i18n/I18nContext";
import { sendSmsCode } from "./accountCalls";
import { useCountdown } from "./useCountdown";

export interface SmsCodeInputProps {
  /** Form control props, filled in by Form.Item. */
  value?: string;
  onChange?: (value: string) => void;
  scene: SmsScene;
  /** The form field holding the mobile number the code goes to. */
  mobileField: string;
  /** data-testid of the input; the send button gets `<prefix>-send-code`. */
  testIdPrefix: string;
}

/**
 * The SMS code input with its send button. The button first validates the mobile field (so a number
 * that is malformed, or already registered, gets no code), then counts down before another send.
 */
export function SmsCodeInput({ value, onChange, scene, mobileField, testIdPrefix }: SmsCodeInputProps) {
  const t = useT();
  const form = Form.useFormInstance();
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    let mobile: string;
    try {
      mobile = (await form.validateFields([mobileField]))[mobileField] as string;
    } catch {
      return;
    }
    setSending(true);
    try {
      const timing = await sendSmsCode(mobile, scene);
      const expiresMs = timing?.expiresIn ? timing.expiresIn * 1000 : SMS_CODE_TTL_MS;
      notify.success(t("account.sms.sent", { minutes: Math.round(expiresMs / 60_000) }));
      start(timing?.resendAfter ? timing.resendAfter * 1000 : SMS_RESEND_AFTER_MS);
    } catch {
      // The request layer has shown the server's reason (too soon, too many today).
    } finally {
      setSending(false);
    }
  };

  return (
    <Space.Compact style={{ width: "100%" }}>
      <Input
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t("account.placeholders.smsCode")}
        data-testid={`${testIdPrefix}-sms-code`}
      />
      <Button
        onClick={() => void send()}
        loading={sending}
        disabled={secondsLeft > 0}
        style={{ minWidth: 140 }}
        data-testid={`${testIdPrefix}-send-code`}
      >
        {secondsLeft > 0 ? t("account.sms.resendIn", { seconds: secondsLeft }) : t("account.sms.send")}
      </Button>
    </Space.Compact>
  );
}
