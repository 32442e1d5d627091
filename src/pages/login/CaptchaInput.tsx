import { Input } from "antd";
import type { ChangeEvent } from "react";
import type { Captcha } from "../../../providers/session/captcha";
import { useT } from "../../i18n/I18nContext";

export interface CaptchaInputProps {
  /** Filled in by Form.Item. */
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  captcha: Captcha | null;
  failed: boolean;
  onRefresh: () => void;
}

/** The captcha code field with its picture beside it; clicking the picture asks for a new one. */
export function CaptchaInput({ value, onChange, captcha, failed, onRefresh }: CaptchaInputProps) {
  const t = useT();
  return (
    <div style={{ display: "flex", gap: 8 }}>
      <Input
        value={value}
        onChange={onChange}
        placeholder={t("auth.login.captchaPlaceholder")}
        autoComplete="off"
        maxLength={8}
        data-testid="login-captcha"
      />
      <button
        type="button"
        onClick={onRefresh}
        title={t("auth.login.captchaAlt")}
        style={{ flex: "0 0 120px", height: 32, padding: 0, border: "1px solid #d9d9d9", borderRadius: 6, background: "#fff", cursor: "pointer" }}
      >
        {captcha ? (
          <img
            src={captcha.image}
            alt={t("auth.login.captchaAlt")}
            data-testid="login-captcha-image"
            style={{ display: "block", width: "100%", height: "100%", objectFit: "contain" }}
          />
        ) : (
          <span data-testid="login-captcha-image" style={{ fontSize: 12, color: failed ? "#cf1322" : "#999" }}>
            {failed ? t("auth.login.captchaFailed") : "…"}
          </span>
        )}
      </button>
    </div>
  );
}
