import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { render } from "@testing-library/react";
import { ConfigProvider } from "antd";
import type { ReactElement } from "react";
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { createAccessControlProvider } from "../../../providers/accessControl";
import { notificationProvider } from "../../../providers/notificationProvider";
import { storage } from "../../../providers/storage";
import { StorageKey } from "../../../providers/storageKeys";
import { setAccessToken } from "../../../providers/tokenStore";
import { dataProvider, menuCodeOf, resources } from "../../../resources";
import { AccessProvider } from "../../../src/access/AccessProvider";

const accessControlProvider = createAccessControlProvider(menuCodeOf);

// The first antd/ProTable render in a file compiles their styles, which takes seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

export const LOCATION_MARK = "location-mark";

/** Shows the router's current search string, to see what the list keeps in the URL. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid={LOCATION_MARK}>{decodeURIComponent(pathname + search)}</output>;
}

/**
 * Renders `page` at `path` inside Refine (the app's providers, syncWithLocation on) and the access
 * provider, under a data router as in App.tsx (the archive's leave guard needs one).
 */
export function renderInRefine(path: string, page: ReactElement, otherRoutes: Record<string, ReactElement> = {}) {
  const route = path.split("?")[0];
  const shell = (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      accessControlProvider={accessControlProvider}
      notificationProvider={notificationProvider}
      resources={resources}
      options={{ disableTelemetry: true, syncWithLocation: true }}
    >
      <AccessProvider>
        <LocationProbe />
        <Outlet />
      </AccessProvider>
    </Refine>
  );
  const router = createMemoryRouter(
    [
      {
        element: shell,
        children: [
          { path: route, element: page },
          ...Object.entries(otherRoutes).map(([otherPath, element]) => ({ path: otherPath, element })),
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <RouterProvider router={router} />
    </ConfigProvider>,
  );
}

/** A signed-in session holding the given menu codes (what establishSession stores). */
export function storeSession(menuCodes: readonly string[]): void {
  storage.set(StorageKey.USER_INFO, { id: 1, name: "管理员", avatar: null });
  storage.set(
    StorageKey.AUTH,
    menuCodes.map((menuCode) => ({ menuCode })),
  );
  setAccessToken({ access_token: "at-1", token_type: "bearer", expires_in: Date.now() + 3_600_000 });
}
