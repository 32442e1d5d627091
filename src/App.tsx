import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider, Spin } from "antd";
import enUS from "antd/es/locale/en_US";
import zhCN from "antd/es/locale/zh_CN";
import { Suspense, useMemo, useState } from "react";
import { createBrowserRouter, createRoutesFromElements, Navigate, Outlet, Route, RouterProvider } from "react-router";
import { accessControlProvider } from "../providers/accessControl";
import { authProvider } from "../providers/authProvider";
import { dataProvider } from "../providers/dataProvider";
import { createI18nProvider } from "../providers/i18nProvider";
import { installSessionHandlers } from "../providers/session/installSessionHandlers";
import { resources } from "../resources";
import { AccessProvider } from "./access/AccessProvider";
import { useI18n } from "./i18n/I18nContext";
import { AppLayout } from "./layout/AppLayout";
import { Notifications } from "./layout/Notifications";
import { PageErrorBoundary } from "./layout/PageErrorBoundary";
import { lazyPage } from "./lazyPage";
import { Paths } from "./routes";
import { SessionHost } from "./session/SessionHost";
import { loadSiteSettings } from "./site/loadSiteSettings";
import { SiteSettingsProvider } from "./site/SiteSettings";

const HomePage = lazyPage(() => import("./pages/home/HomePage"));
const LoginPage = lazyPage(() => import("./pages/login/LoginPage"));
const RegisterPage = lazyPage(() => import("./pages/login/RegisterPage"));
const RetrievePasswordPage = lazyPage(() => import("./pages/login/RetrievePasswordPage"));
const AuthorizationCallbackPage = lazyPage(() => import("./pages/authCallback/AuthorizationCallbackPage"));
const UserCenterLayout = lazyPage(() => import("./pages/userCenter/UserCenterLayout"));
const UserManagePage = lazyPage(() => import("./pages/userCenter/userManage/UserManagePage"));
const BasicInfoPage = lazyPage(() => import("./pages/userCenter/BasicInfoPage"));
const ChangePasswordPage = lazyPage(() => import("./pages/userCenter/ChangePasswordPage"));
const AccreditedInstitutionPage = lazyPage(() => import("./pages/userCenter/AccreditedInstitutionPage"));
const ServiceFilesPage = lazyPage(() => import("../resources/serviceRecords/ServiceFilesPage"));
const ServiceRecordDetails = lazyPage(() => import("../resources/serviceRecords/ServiceRecordDetails"));
const UserList = lazyPage(() => import("../resources/users/UserList"));
const LogList = lazyPage(() => import("../resources/logs/LogList"));
const NotFoundPage = lazyPage(() => import("./pages/notFound/NotFoundPage"));

const antdLocales = { "zh-CN": zhCN, en: enUS };

// SPEC 4 and 8: the token refresh and the session-invalid redirect run inside every request.
installSessionHandlers();

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
  const { locale, setLocale } = useI18n();
  const i18nProvider = useMemo(() => createI18nProvider({ locale, setLocale }), [locale, setLocale]);

  return (
    <ConfigProvider locale={antdLocales[locale]} theme={{ token: { colorPrimary: "#1d4ed8" } }}>
      <AntdApp>
        <Notifications />
        <SessionHost />
        <SiteSettingsProvider load={loadSiteSettings}>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            resources={resources}
            options={{ disableTelemetry: true, syncWithLocation: true }}
          >
            <AccessProvider>
              <Outlet />
            </AccessProvider>
          </Refine>
        </SiteSettingsProvider>
      </AntdApp>
    </ConfigProvider>
  );
}

const routes = createRoutesFromElements(
  <Route element={<Root />}>
    <Route element={<AppLayout />}>
      <Route element={<LazyOutlet />}>
        <Route index element={<HomePage />} />
        <Route path={Paths.LOGIN} element={<Navigate to={Paths.LOGIN_INDEX} replace />} />
        <Route path={Paths.LOGIN_INDEX} element={<LoginPage />} />
        <Route path={Paths.REGISTER} element={<RegisterPage />} />
        <Route path={Paths.RETRIEVE_PASSWORD} element={<RetrievePasswordPage />} />
        <Route path={Paths.AUTH_CALLBACK} element={<AuthorizationCallbackPage />} />
        <Route path={Paths.USER_CENTER} element={<UserCenterLayout />}>
          <Route index element={<Navigate to={Paths.BASIC_INFO} replace />} />
          <Route path={Paths.BASIC_INFO} element={<BasicInfoPage />} />
          <Route path={Paths.CHANGE_PASSWORD} element={<ChangePasswordPage />} />
          <Route path={Paths.USER_MANAGE} element={<UserManagePage />} />
          <Route path={Paths.ACCREDITED_INSTITUTION} element={<AccreditedInstitutionPage />} />
        </Route>
        <Route path={Paths.SERVICE_FILES} element={<ServiceFilesPage />} />
        <Route path={Paths.SERVICE_FILES_DETAILS} element={<ServiceRecordDetails />} />
        <Route path={Paths.USER_LIST} element={<UserList />} />
        <Route path={Paths.LOGS} element={<LogList />} />
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
