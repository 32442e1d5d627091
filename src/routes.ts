import { MenuCode } from "../contract/menus";
import { Paths } from "../contract/paths";
import { resourceRoutes } from "../resources/routes";
import type { AppRoute } from "../resources/declareResource";
import { USER_MANAGE_CODES } from "./pages/userCenter/userManage/userManageTabs";

export type { AppRoute } from "../resources/declareResource";

/** The pages that are not a resource's: the home page, signing in, and the personal center. */
const PAGE_ROUTES: readonly AppRoute[] = [
  { path: Paths.HOME, title: "shell.titles.home", name: "home", page: () => import("./pages/home/HomePage") },
  { path: Paths.LOGIN_INDEX, title: "shell.titles.login", name: "loginIndex", page: () => import("./pages/login/LoginPage") },
  { path: Paths.REGISTER, title: "shell.titles.register", name: "register", page: () => import("./pages/login/RegisterPage") },
  {
    path: Paths.RETRIEVE_PASSWORD,
    title: "shell.titles.retrievePassword",
    name: "retrievePassword",
    page: () => import("./pages/login/RetrievePasswordPage"),
  },
  { path: Paths.AUTH_CALLBACK, title: "shell.titles.authCallback", page: () => import("./pages/authCallback/AuthorizationCallbackPage") },
  {
    path: Paths.BASIC_INFO,
    title: "shell.titles.basicInfo",
    page: () => import("./pages/userCenter/BasicInfoPage"),
    userCenter: { order: 1 },
  },
  {
    path: Paths.CHANGE_PASSWORD,
    title: "shell.titles.changePassword",
    page: () => import("./pages/userCenter/ChangePasswordPage"),
    userCenter: { order: 2 },
  },
  {
    path: Paths.ACCREDITED_INSTITUTION,
    title: "shell.titles.accreditedInstitution",
    name: "flowPage",
    page: () => import("./pages/userCenter/AccreditedInstitutionPage"),
    userCenter: { order: 3, anyOf: [MenuCode.CERTIFICATION_APPLY] },
  },
  {
    path: Paths.USER_MANAGE,
    title: "shell.titles.userManage",
    // Its tabs are the users, certifications, sessions and dimensions resources.
    page: () => import("./pages/userCenter/userManage/UserManagePage"),
    userCenter: { order: 4, anyOf: USER_MANAGE_CODES },
  },
];

/** Every route of SPEC 2 with its title and page: the single table the router, titles and layout read. */
export const ROUTES: readonly AppRoute[] = [...PAGE_ROUTES, ...resourceRoutes];

/** The personal center's pages, in their side-menu order. */
export const USER_CENTER_ROUTES: readonly AppRoute[] = ROUTES.filter((r) => r.userCenter).sort(
  (a, b) => a.userCenter!.order - b.userCenter!.order,
);

const LOGIN_PATHS: readonly string[] = [Paths.LOGIN, Paths.LOGIN_INDEX, Paths.REGISTER, Paths.RETRIEVE_PASSWORD];

export const isLoginPath = (pathname: string): boolean => LOGIN_PATHS.includes(pathname);

/** SPEC 1: the footer is hidden on the login, register, retrieve-password and callback pages. */
export const showsFooter = (pathname: string): boolean => !isLoginPath(pathname) && pathname !== Paths.AUTH_CALLBACK;

/** SPEC 1: the header is hidden on the authorization-callback page. */
export const showsHeader = (pathname: string): boolean => pathname !== Paths.AUTH_CALLBACK;

export const routeTitle = (pathname: string): string | undefined => ROUTES.find((r) => r.path === pathname)?.title;
