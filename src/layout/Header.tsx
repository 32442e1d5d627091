import { DownOutlined, GlobalOutlined, HomeOutlined } from "@ant-design/icons";
import { Dropdown, Space, type MenuProps } from "antd";
import { useSyncExternalStore } from "react";
import { Link, useNavigate } from "react-router";
import { isLoggedIn } from "../../providers/session/isLoggedIn";
import { useI18n } from "../i18n/I18nContext";
import type { Locale } from "../i18n/types";
import { Paths } from "../routes";
import { logout } from "../session/logout";
import { greetingNameOf, subscribeToSession, useStoredUser } from "../session/storedUser";
import { useSiteSettings } from "../site/SiteSettings";

export function Header() {
  const { t, locale, setLocale } = useI18n();
  // SPEC 4: stored info alone is not a session; without a token (the one-hour rule drops it at start)
  // the header shows the signed-out state.
  const storedUser = useStoredUser();
  const user = useSyncExternalStore(subscribeToSession, isLoggedIn) ? storedUser : null;
  const site = useSiteSettings();
  const navigate = useNavigate();

  const userMenu: MenuProps["items"] = [
    { key: "center", label: t("shell.header.personalCenter"), onClick: () => navigate(Paths.BASIC_INFO) },
    { key: "logout", label: t("shell.header.logout"), onClick: () => void logout(navigate) },
  ];
  const nextLocale: Locale = locale === "zh-CN" ? "en" : "zh-CN";

  return (
    <header className="app-header" data-testid="app-header">
      <div className="app-header__inner">
        <Link to={Paths.HOME} className="app-header__brand">
          <img src="/favicon.svg" alt="" className="app-header__logo" />
          <span className="app-header__title">{t("shell.platformTitle")}</span>
        </Link>
        <Space size="large" className="app-header__actions">
          <a href={site?.associationUrl ?? "/"} className="app-header__home">
            <HomeOutlined aria-hidden /> {t("shell.header.backHome")}
          </a>
          <a role="button" className="app-header__lang" onClick={() => setLocale(nextLocale)}>
            <GlobalOutlined aria-hidden /> {t(`shell.header.switchTo.${nextLocale}`)}
          </a>
          {user && (
            <Dropdown menu={{ items: userMenu }} trigger={["hover"]} placement="bottomRight">
              <a role="button" className="app-header__user" data-testid="header-user">
                {t("shell.header.greeting", { name: greetingNameOf(user, t) })} <DownOutlined aria-hidden />
              </a>
            </Dropdown>
          )}
        </Space>
      </div>
    </header>
  );
}
