import { Menu } from "antd";
import { Outlet, useLocation, useNavigate } from "react-router";
import { MenuCode } from "../../../contract/menus";
import { useCanAnyMenu, useCanMenu } from "../../access";
import { useT } from "../../i18n/I18nContext";
import { Paths } from "../../routes";
import { USER_MANAGE_CODES } from "./userManage/userManageTabs";

/**
 * The personal center: a side menu beside the chosen page. Account info and password are every
 * signed-in user's; certification and user management are offered only with the menu code their
 * calls need (SPEC 6: removed, not disabled).
 */
export default function UserCenterLayout() {
  const t = useT();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const canCertify = useCanMenu(MenuCode.CERTIFICATION_APPLY);
  const canManage = useCanAnyMenu(USER_MANAGE_CODES);

  const items = [
    { path: Paths.BASIC_INFO, title: "shell.titles.basicInfo" },
    { path: Paths.CHANGE_PASSWORD, title: "shell.titles.changePassword" },
    canCertify && { path: Paths.ACCREDITED_INSTITUTION, title: "shell.titles.accreditedInstitution" },
    canManage && { path: Paths.USER_MANAGE, title: "shell.titles.userManage" },
  ].filter((item) => item !== false);

  return (
    <div className="page-container" style={{ display: "flex", gap: 24 }}>
      <Menu
        mode="inline"
        style={{ width: 200 }}
        selectedKeys={[pathname]}
        items={items.map((i) => ({ key: i.path, label: t(i.title) }))}
        onClick={({ key }) => navigate(key)}
        data-testid="user-center-menu"
      />
      {/* minWidth 0: a wide table scrolls inside the section instead of widening the page. */}
      <section style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </section>
    </div>
  );
}
