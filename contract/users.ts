import type { Page } from "./envelope";

/** User administration (/user, /userCenter/userManage): what the list shows and the form sends. */

export const USER_STATUSES = ["enabled", "disabled"] as const;
export type UserStatusValue = (typeof USER_STATUSES)[number];

/**
 * The name the seed gives the administrator it creates. The app shows it in the reader's language
 * (the greeting); a name someone typed is data and shown as typed.
 */
export const SEEDED_ADMIN_NAME = "管理员";

/** A person's name, as the personal-details form also accepts it. */
export const USER_NAME_MAX = 50;
/** The list's free-text search (name, username or mobile). */
export const USER_KEYWORD_MAX = 50;

export interface UserListFilter {
  name?: string;
  mobile?: string;
  roleCode?: string;
  status?: UserStatusValue;
  /** Matches the username, the name or the mobile number. */
  keyword?: string;
}

/** One row of POST /api/user/listData; also the result of an edit. */
export interface AdminUser {
  id: number;
  username: string;
  name: string;
  mobile: string | null;
  status: UserStatusValue;
  roles: { code: string; name: string }[];
  company: { id: number; name: string } | null;
  /** Creation time, `YYYY-MM-DD HH:mm:ss`. */
  createdDate: string;
  lastSignInDate: string | null;
}

export type AdminUserPage = Page<AdminUser>;

/** POST /api/user/edit without id: a new account with a generated password. */
export interface NewUserInput {
  username: string;
  name: string;
  mobile?: string | null;
  roleCodes: string[];
  companyId?: number | null;
}

/** POST /api/user/edit with id: the whole form; a mobile or company left out is cleared. */
export interface UserEditInput {
  id: number;
  name: string;
  mobile?: string | null;
  roleCodes: string[];
  companyId?: number | null;
}

/** The answer to creating a user: the password is shown once and must be changed at first sign-in. */
export interface CreatedUser {
  id: number;
  initialPassword: string;
}

/** POST /api/role/allData. */
export interface RoleSummary {
  code: string;
  name: string;
  builtin: boolean;
  menuCodes: string[];
}

/** POST /api/patnavi/company/org: the company picker of the user form. */
export interface CompanyOrg {
  id: number;
  name: string;
  creditCode: string | null;
}

/** POST /api/session/list. */
export interface ActiveSession {
  id: number;
  userId: number;
  username: string;
  name: string;
  ip: string | null;
  /** Readable browser and system, e.g. "Chrome 126 / Windows". */
  browser: string;
  userAgent: string | null;
  signInDate: string;
  lastCallDate: string;
}
