import { Card } from "antd";
import type { ReactNode } from "react";
import { useT } from "../../i18n/I18nContext";

/** The card the sign-in, registration and password-recovery pages share. */
export function LoginLayout({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="login-layout" style={{ display: "flex", justifyContent: "center", padding: "48px 0" }}>
      <Card title={t(title)} style={{ width: 440 }} data-testid="login-card">
        {children}
      </Card>
    </div>
  );
}
