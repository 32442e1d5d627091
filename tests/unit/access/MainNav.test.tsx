import { act, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MENUS } from "../../../contract/menus";
import { endSession } from "../../../providers/session/userSession";
import { storage } from "../../../providers/storage";
import { StorageKey } from "../../../providers/storageKeys";
import { MainNav } from "../../../src/layout/MainNav";
import { notifySessionChanged } from "../../../providers/session/storedUser";

/** The stored menus as GET /api/user/getUserMenus gives them, for a set of seeded menus. */
const storedMenus = (codes: string[]) =>
  MENUS.filter((m) => codes.includes(m.code)).map((m) => ({
    menuCode: m.code,
    name: m.name,
    path: m.path,
    parentCode: m.parent,
    type: m.type,
    sort: m.sort,
  }));

const renderNav = () =>
  render(
    <MemoryRouter initialEntries={["/logs"]}>
      <MainNav />
    </MemoryRouter>,
  );

describe("the navigation bar", () => {
  it("lists the stored menus of type menu that have a path, in their order", async () => {
    storage.set(StorageKey.MENU, storedMenus(["admin:logs", "serviceFiles", "admin", "serviceFiles:edit", "admin:users"]));
    renderNav();
    const nav = screen.getByTestId("main-nav");
    const links = await within(nav).findAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual(["敲门服务档案", "用户列表", "操作日志"]);
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/serviceFiles", "/user", "/logs"]);
  });

  it("shows the server's name for a code the catalog does not know", async () => {
    storage.set(StorageKey.MENU, [{ menuCode: "x:new", name: "新菜单", path: "/new", parentCode: null, type: "menu", sort: 1 }]);
    renderNav();
    expect(await within(screen.getByTestId("main-nav")).findByRole("link")).toHaveTextContent("新菜单");
  });

  it("follows sign-in and sign-out", async () => {
    renderNav();
    expect(screen.queryByTestId("main-nav")).toBeNull();
    act(() => {
      storage.set(StorageKey.MENU, storedMenus(["admin:users"]));
      notifySessionChanged();
    });
    expect(await within(screen.getByTestId("main-nav")).findByRole("link")).toHaveTextContent("用户列表");
    act(() => endSession());
    expect(screen.queryByTestId("main-nav")).toBeNull();
  });
});
