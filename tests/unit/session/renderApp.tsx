import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { render } from "@testing-library/react";
import { App as AntdApp } from "antd";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { notificationProvider } from "../../../providers/notificationProvider";
import { SessionHost } from "../../../src/session/SessionHost";

/** Shows where the router is, so a test can read the path it navigated to. */
function WhereAmI() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

/** The part of the app the session code works in: router, session host, and `page` at `path`. */
export function renderAt(url: string, path: string, page: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AntdApp>
        <Refine routerProvider={routerProvider} notificationProvider={notificationProvider} options={{ disableTelemetry: true }}>
          <SessionHost />
          <WhereAmI />
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={null} />
          </Routes>
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}
