import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { render, screen, waitFor } from "@testing-library/react";
import { ConfigProvider } from "antd";
import type { InternalAxiosRequestConfig } from "axios";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { expect, vi } from "vitest";
import { createAccessControlProvider } from "../../../providers/accessControl";
import { notificationProvider } from "../../../providers/notificationProvider";
import { storage } from "../../../providers/storage";
import { StorageKey } from "../../../providers/storageKeys";
import { setAccessToken } from "../../../providers/tokenStore";
import { dataProvider, menuCodeOf, resources } from "../../../resources";
import { AccessProvider } from "../../../src/access/AccessProvider";
import { SessionHost } from "../../../src/session/SessionHost";
import { SiteSettingsProvider, type SiteSettings } from "../../../src/site/SiteSettings";

// A page test renders a whole antd form; the first one in a file also compiles antd's styles, which
// takes seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const accessControlProvider = createAccessControlProvider(menuCodeOf);

export const LOGIN_PAGE_MARK = "login-page-mark";

export const site: SiteSettings = {
  associationName: "成都市半导体行业协会",
  associationUrl: "https://www.cdsia.example.org/",
  contactPhone: "028-12345678",
  contactEmail: "ip@cdsia.example.org",
  contactAddress: "成都市高新区天府大道 1 号",
  officialAccountQrUrl: "/api/open/site/qr.svg",
  customerServiceScript: null,
  aiProductUrl: null,
  aiProductContactPerson: "",
};

/**
 * Renders a page at `path` inside the router, Refine (as App.tsx sets it up), the session dialogs, the site settings and the ability
 * of the stored menu codes, with a marker page at /login/index to see navigations land there. Motion
 * is off: jsdom ends no animation.
 */
export function renderPage(path: string, page: ReactElement, extra?: ReactElement, siteSettings: SiteSettings = site) {
  const loadSite = () => Promise.resolve(siteSettings);
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <SiteSettingsProvider load={loadSite}>
        <MemoryRouter initialEntries={[path]}>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            accessControlProvider={accessControlProvider}
            notificationProvider={notificationProvider}
            resources={resources}
            options={{ disableTelemetry: true }}
          >
            <AccessProvider>
              <SessionHost />
              {extra}
              <Routes>
                <Route path={path} element={page} />
                <Route path="/login/index" element={<div data-testid={LOGIN_PAGE_MARK} />} />
              </Routes>
            </AccessProvider>
          </Refine>
        </MemoryRouter>
      </SiteSettingsProvider>
    </ConfigProvider>,
  );
}

/** SPEC 4 logged in: a stored user with an id and an access token, holding the given menu codes. */
export function signIn(name = "王芯", menuCodes: readonly string[] = []): void {
  storage.set(StorageKey.USER_INFO, { id: 7, name, avatar: null });
  storage.set(
    StorageKey.AUTH,
    menuCodes.map((menuCode) => ({ menuCode })),
  );
  setAccessToken({ access_token: "at-1", token_type: "bearer", expires_in: Date.now() + 3_600_000 });
}

export const ok = (result?: unknown, status?: 0 | 1) => ({
  data: { code: 200, message: "success", result, ...(status === undefined ? {} : { status }) },
});

export const refused = (httpStatus: number, code: number, message: string, result?: unknown) => ({
  status: httpStatus,
  data: { code, message, ...(result === undefined ? {} : { result }) },
});

/** The JSON body a call sent. */
export const bodyOf = (config: InternalAxiosRequestConfig): unknown =>
  typeof config.data === "string" ? JSON.parse(config.data) : config.data;

export const callsTo = (seen: InternalAxiosRequestConfig[], url: string) => seen.filter((config) => config.url === url);

export async function expectOnLoginPage(): Promise<void> {
  await waitFor(() => expect(screen.getByTestId(LOGIN_PAGE_MARK)).toBeInTheDocument());
}
