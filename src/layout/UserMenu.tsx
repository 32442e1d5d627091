import { DownOutlined } from "@ant-design/icons";
import { Dropdown, type MenuProps } from "antd";
import { useNavigate } from "react-router";
import { Paths } from "../../contract/paths";
import { useT } from "../i18n/I18nContext";
import { logout } from "../session/logout";

/**
 * The signed-in user's greeting with its menu (personal centre, sign out). Loaded on its own: the
 * dropdown brings antd's menu, which a signed-out visit never shows.
 */
export default function UserMenu({ greeting }: { greeting: string }) {
  const t = useT();
  const navigate = useNavigate();
  const items: MenuProps["items"] = [
    { key: "center", label: t("shell.header.personalCenter"), onClick: () => navigate(Paths.BASIC_INFO) },
    { key: "logout", label: t("shell.header.logout"), onClick: () => void logout(navigate) },
  ];
  return (
    <Dropdown menu={{ items }} trigger={["hover"]} placement="bottomRight">
      <a role="button" className="app-header__user" data-testid="header-user">
        {greeting} <DownOutlined aria-hidden />
      </a>
    </Dropdown>
  );
}
