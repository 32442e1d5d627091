import { Menu, type MenuProps } from "antd";

/**
 * The navigation bar's menu; loaded on its own, since only a signed-in user has menus to show. Every
 * entry stays in view, wrapping onto a second line when the bar is full (English labels, many
 * menus): antd's own overflow would fold entries into a "…" whose hidden copies keep focusable links
 * under aria-hidden.
 */
export default function MainNavMenu({ items, selected }: { items: MenuProps["items"]; selected: string }) {
  return <Menu mode="horizontal" disabledOverflow className="app-nav__menu" selectedKeys={[selected]} items={items} />;
}
