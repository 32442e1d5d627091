import type { ReactNode } from "react";
import { useT } from "../../i18n/I18nContext";
import "./login.css";

/**
 * The card the sign-in, registration and password-recovery pages share. Plain markup rather than
 * antd's Card: Card brings Tabs along, which the first page a visitor loads has no use for.
 */
export function LoginLayout({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="login-layout">
      <section className="login-card" data-testid="login-card" aria-labelledby="login-card-title">
        <h1 className="login-card__title" id="login-card-title">
          {t(title)}
        </h1>
        <div className="login-card__body">{children}</div>
      </section>
    </div>
  );
}
