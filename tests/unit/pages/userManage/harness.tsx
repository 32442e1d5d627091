import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { fireEvent, render, screen, waitFor, type RenderOptions } from "@testing-library/react";
import { App as AntdApp, ConfigProvider } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import type { MenuCodeValue } from "../../../../contract/menus";
import { createAccessControlProvider } from "../../../../providers/accessControl";
import { notificationProvider } from "../../../../providers/notificationProvider";
import { dataProvider, menuCodeOf } from "../../../../resources";
import { storage } from "../../../../providers/storage";
import { StorageKey } from "../../../../providers/storageKeys";
import { AccessProvider } from "../../../../src/access/AccessProvider";
import UserManagePage from "../../../../src/pages/userCenter/userManage/UserManagePage";

export const PATH = "/userCenter/userManage";
export const LOCATION_MARK = "location-search";

/** Shows the query string, to see what the tables keep in the URL. */
function LocationProbe() {
  return <output data-testid={LOCATION_MARK}>{useLocation().search}</output>;
}

/** Stores an auth list holding exactly these menu codes. */
export function grant(...codes: MenuCodeValue[]): void {
  storage.set(
    StorageKey.AUTH,
    codes.map((menuCode) => ({ menuCode })),
  );
}

/**
 * The page inside Refine as App.tsx sets it up (the real data provider, the router binding, the
 * Chinese antd locale whose Popconfirm buttons read 确定 / 取消) and the access provider; a wrapper
 * (e.g. another language) goes around it all.
 */
export function renderUserManage(search = "", options: Pick<RenderOptions, "wrapper"> = {}) {
  return render(
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <AntdApp>
        <MemoryRouter initialEntries={[`${PATH}${search}`]}>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            accessControlProvider={createAccessControlProvider(menuCodeOf)}
            notificationProvider={notificationProvider}
            resources={[{ name: "users", list: PATH }]}
            options={{ disableTelemetry: true, syncWithLocation: true }}
          >
            <AccessProvider>
              <Routes>
                <Route path={PATH} element={<UserManagePage />} />
              </Routes>
              <LocationProbe />
            </AccessProvider>
          </Refine>
        </MemoryRouter>
      </AntdApp>
    </ConfigProvider>,
    options,
  );
}

/** Confirms the open antd Popconfirm with its OK button. */
export function popconfirmOk(): Promise<HTMLElement> {
  // The popup renders a moment after the click that opens it: later still on a busy machine.
  return waitFor(() => {
    const button = document.querySelector<HTMLElement>(".ant-popconfirm:not(.ant-popover-hidden) .ant-btn-primary");
    if (!button) throw new Error("no open Popconfirm");
    return button;
  });
}

/** Opens an antd Select by its test id and picks the option with this text. */
export async function pick(testId: string, option: string): Promise<void> {
  const selector = screen.getByTestId(testId).querySelector(".ant-select-selector");
  if (!selector) throw new Error(`no select ${testId}`);
  fireEvent.mouseDown(selector);
  fireEvent.click(await screen.findByTitle(option));
}
