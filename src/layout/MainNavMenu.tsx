import { Menu, type MenuProps } from "antd";

/** The navigation bar's menu; loaded on its own, since only a signed-in user has menus to show. */
export default function MainNavMenu({ items, selected }: { items: MenuProps["items"]; selected: string }) {
  return <Menu mode="horizontal" className="app-nav__menu" selectedKeys={[selected]} items={items} />;
}
