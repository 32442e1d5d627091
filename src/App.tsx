import { ConfigProvider, Spin } from "antd";
import enUS from "antd/es/locale/en_US";
import zhCN from "antd/es/locale/zh_CN";
import { Suspense, useEffect, useState } from "react";
import { createBrowserRouter, createRoutesFromElements, Navigate, Outlet, Route, RouterProvider, useLocation } from "react-router";
import { installSessionHandlers } from "../providers/session/installSessionHandlers";
import { useI18n } from "./i18n/I18nContext";
import { AppFrame } from "./layout/AppFrame";
import { AppLayout } from "./layout/AppLayout";
import { useAppTheme } from "./layout/theme";
import { Notifications } from "./layout/Notifications";
import { PageErrorBoundary } from "./layout/PageErrorBoundary";
import { lazyPage } from "./lazyPage";
import { Paths } from "../contract/paths";
import { isLoginPath, ROUTES } from "./routes";
import { SessionHost } from "./session/SessionHost";
import { loadSiteSettings } from "./site/loadSiteSettings";
import { SiteSettingsProvider } from "./site/SiteSettings";

const UserCenterLayout = lazyPage(() => import("./pages/userCenter/UserCenterLayout"));
const NotFoundPage = lazyPage(() => import("./pages/notFound/NotFoundPage"));

/** Each route of the table with its page, made lazy once. */
const pageRoutes = ROUTES.map((route) => ({ route, Page: lazyPage(route.page) }));

const routeElements = (inUserCenter: boolean) =>
  pageRoutes
    .filter(({ route }) => Boolean(route.userCenter) === inUserCenter)
    .map(({ route, Page }) =>
      route.path === Paths.HOME ? (
        <Route key={route.path} index element={<Page />} />
      ) : (
        <Route key={route.path} path={route.path} element={<Page />} />
      ),
    );

const RefineScope = lazyPage(() => import("./RefineScope"));

const antdLocales = { "zh-CN": zhCN, en: enUS };

// SPEC 4 and 8: the token refresh and the session-invalid redirect run inside every request.
installSessionHandlers();

/** The pages no Refine hook runs on: a first visit to them does not load Refine (issue 10 item 8). */
const runsWithoutRefine = (pathname: string) => isLoginPath(pathname) || pathname === Paths.AUTH_CALLBACK;

function LazyOutlet() {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<Spin style={{ display: "block", margin: "80px auto" }} />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}

/** Everything that needs the router around it: antd, the session dialogs, Refine and access control. */
function Root() {
  const { locale } = useI18n();
  const theme = useAppTheme();
  const { pathname } = useLocation();
  // Once loaded, Refine stays: leaving it would drop its query cache and remount the layout.
  const [refineMounted, setRefineMounted] = useState(false);
  const withRefine = refineMounted || !runsWithoutRefine(pathname);
  useEffect(() => {
    if (withRefine) setRefineMounted(true);
  }, [withRefine]);

  return (
    <ConfigProvider locale={antdLocales[locale]} theme={theme}>
      <AppFrame>
        <Notifications />
        <SessionHost />
        <SiteSettingsProvider load={loadSiteSettings}>
          {withRefine ? (
            <Suspense fallback={<Spin style={{ display: "block", margin: "80px auto" }} />}>
              <RefineScope>
                <Outlet />
              </RefineScope>
            </Suspense>
          ) : (
            <Outlet />
          )}
        </SiteSettingsProvider>
      </AppFrame>
    </ConfigProvider>
  );
}

const routes = createRoutesFromElements(
  <Route element={<Root />}>
    <Route element={<AppLayout />}>
      <Route element={<LazyOutlet />}>
        <Route path={Paths.LOGIN} element={<Navigate to={Paths.LOGIN_INDEX} replace />} />
        <Route path={Paths.USER_CENTER} element={<UserCenterLayout />}>
          <Route index element={<Navigate to={Paths.BASIC_INFO} replace />} />
          {routeElements(true)}
        </Route>
        {routeElements(false)}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Route>
  </Route>,
);

/**
 * A data router (rather than BrowserRouter): the archive asks before leaving a tab with unsaved
 * answers, and react-router's useBlocker works only there.
 */
export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
