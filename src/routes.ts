/** Every route of SPEC 2 with its title key; the single list the router, titles and layout read. */
export interface RouteDef {
  path: string;
  /** i18n key of the page title. */
  title: string;
  /** SPEC route name where it gives one. */
  name?: string;
}

export const Paths = {
  HOME: "/",
  LOGIN: "/login",
  LOGIN_INDEX: "/login/index",
  REGISTER: "/login/register",
  RETRIEVE_PASSWORD: "/login/retrievePassword",
  AUTH_CALLBACK: "/authorization-callback",
  USER_CENTER: "/userCenter",
  BASIC_INFO: "/userCenter/basicInfo",
  CHANGE_PASSWORD: "/userCenter/changePassword",
  USER_MANAGE: "/userCenter/userManage",
  ACCREDITED_INSTITUTION: "/userCenter/accreditedInstitution",
  SERVICE_FILES: "/serviceFiles",
  SERVICE_FILES_DETAILS: "/serviceFilesDetails",
  USER_LIST: "/user",
  LOGS: "/logs",
} as const;

export const ROUTES: readonly RouteDef[] = [
  { path: Paths.HOME, title: "shell.titles.home", name: "home" },
  { path: Paths.LOGIN_INDEX, title: "shell.titles.login", name: "loginIndex" },
  { path: Paths.REGISTER, title: "shell.titles.register", name: "register" },
  { path: Paths.RETRIEVE_PASSWORD, title: "shell.titles.retrievePassword", name: "retrievePassword" },
  { path: Paths.AUTH_CALLBACK, title: "shell.titles.authCallback" },
  { path: Paths.BASIC_INFO, title: "shell.titles.basicInfo" },
  { path: Paths.CHANGE_PASSWORD, title: "shell.titles.changePassword" },
  { path: Paths.USER_MANAGE, title: "shell.titles.userManage" },
  { path: Paths.ACCREDITED_INSTITUTION, title: "shell.titles.accreditedInstitution", name: "flowPage" },
  { path: Paths.SERVICE_FILES, title: "shell.titles.serviceFiles" },
  { path: Paths.SERVICE_FILES_DETAILS, title: "shell.titles.serviceFilesDetails" },
  { path: Paths.USER_LIST, title: "shell.titles.userList" },
  { path: Paths.LOGS, title: "shell.titles.logs" },
];

const LOGIN_PATHS: readonly string[] = [Paths.LOGIN, Paths.LOGIN_INDEX, Paths.REGISTER, Paths.RETRIEVE_PASSWORD];

export const isLoginPath = (pathname: string): boolean => LOGIN_PATHS.includes(pathname);

/** SPEC 1: the footer is hidden on the login, register, retrieve-password and callback pages. */
export const showsFooter = (pathname: string): boolean => !isLoginPath(pathname) && pathname !== Paths.AUTH_CALLBACK;

/** SPEC 1: the header is hidden on the authorization-callback page. */
export const showsHeader = (pathname: string): boolean => pathname !== Paths.AUTH_CALLBACK;

export const routeTitle = (pathname: string): string | undefined => ROUTES.find((r) => r.path === pathname)?.title;
