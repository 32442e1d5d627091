import { Suspense, useMemo } from "react";
import { Link, useLocation } from "react-router";
import { useT } from "../i18n/I18nContext";
import { useNavigableMenus } from "./storedMenus";
import { lazyPage } from "../lazyPage";

const MainNavMenu = lazyPage(() => import("./MainNavMenu"));

/**
 * The bar under the header listing the signed-in user's menus (SPEC 6: the menus shown come from the
 * server). A menu the user lacks is absent rather than disabled; nothing shows when signed out.
 */
export function MainNav() {
  const t = useT();
  const { pathname } = useLocation();
  const menus = useNavigableMenus();

  const items = useMemo(
    () =>
      menus.map((menu) => {
        const key = `admin.menus.${menu.menuCode}`;
        const label = t(key);
        // A code the catalog does not know yet shows the server's own name rather than the raw key.
        return { key: menu.path as string, label: <Link to={menu.path as string}>{label === key ? menu.name : label}</Link> };
      }),
    [menus, t],
  );

  if (items.length === 0) return null;
  return (
    <nav className="app-nav" data-testid="main-nav" aria-label={t("admin.nav.label")}>
      <Suspense fallback={null}>
        <MainNavMenu items={items} selected={pathname} />
      </Suspense>
    </nav>
  );
}
