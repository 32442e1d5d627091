import { GlobalOutlined, HomeOutlined } from "@ant-design/icons";
import { Suspense, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { isLoggedIn } from "../../providers/session/isLoggedIn";
import { useI18n } from "../i18n/I18nContext";
import type { Locale } from "../../i18n/types";
import { Paths } from "../../contract/paths";
import { greetingNameOf, subscribeToSession, useStoredUser } from "../../providers/session/storedUser";
import { useSiteSettings } from "../site/SiteSettings";
import { lazyPage } from "../lazyPage";

const UserMenu = lazyPage(() => import("./UserMenu"));
// The follow-up badge and notification bell, for holders of the follow-up menu.
const HeaderAlerts = lazyPage(() => import("./HeaderAlerts"));

export function Header() {
  const { t, locale, setLocale } = useI18n();
  // SPEC 4: stored info alone is not a session; without a token (the one-hour rule drops it at start)
  // the header shows the signed-out state.
  const storedUser = useStoredUser();
  const user = useSyncExternalStore(subscribeToSession, isLoggedIn) ? storedUser : null;
  const site = useSiteSettings();
  const nextLocale: Locale = locale === "zh-CN" ? "en" : "zh-CN";

  return (
    <header className="app-header" data-testid="app-header">
      <div className="app-header__inner">
        <Link to={Paths.HOME} className="app-header__brand">
          <img src="/favicon.svg" alt="" className="app-header__logo" />
          <span className="app-header__title">{t("shell.platformTitle")}</span>
        </Link>
        <div className="app-header__actions">
          <a href={site?.associationUrl ?? "/"} className="app-header__home">
            <HomeOutlined aria-hidden /> {t("shell.header.backHome")}
          </a>
          {/* The switch is named in the language it switches to, and says so to screen readers. */}
          <a role="button" className="app-header__lang" lang={nextLocale} onClick={() => setLocale(nextLocale)}>
            <GlobalOutlined aria-hidden /> {t(`shell.header.switchTo.${nextLocale}`)}
          </a>
          {user && (
            <Suspense fallback={null}>
              <HeaderAlerts />
            </Suspense>
          )}
          {user && (
            <Suspense fallback={null}>
              <UserMenu greeting={t("shell.header.greeting", { name: greetingNameOf(user, t) })} />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
