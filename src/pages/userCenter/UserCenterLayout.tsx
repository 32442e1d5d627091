import { Menu } from "antd";
import { Outlet, useLocation, useNavigate } from "react-router";
import { useT } from "../../i18n/I18nContext";
import { Paths } from "../../routes";

const items = [
  { path: Paths.BASIC_INFO, title: "shell.titles.basicInfo" },
  { path: Paths.CHANGE_PASSWORD, title: "shell.titles.changePassword" },
  { path: Paths.ACCREDITED_INSTITUTION, title: "shell.titles.accreditedInstitution" },
  { path: Paths.USER_MANAGE, title: "shell.titles.userManage" },
];

/** The personal center: a side menu beside the chosen page. */
export default function UserCenterLayout() {
  const t = useT();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <div className="page-container" style={{ display: "flex", gap: 24 }}>
      <Menu
        mode="inline"
        style={{ width: 200 }}
        selectedKeys={[pathname]}
        items={items.map((i) => ({ key: i.path, label: t(i.title) }))}
        onClick={({ key }) => navigate(key)}
      />
      {/* minWidth 0: a wide table scrolls inside the section instead of widening the page. */}
      <section style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </section>
    </div>
  );
}
