import { Paths } from "./paths";

/**
 * Menu codes: the one list both halves use. Roles hold menus; the server refuses a route whose
 * code the caller lacks, and the app hides what the codes don't allow.
 */
export const MenuCode = {
  PATNAVI: "patnavi",
  USER_CENTER: "userCenter",
  CERTIFICATION_APPLY: "userCenter:certification",
  SERVICE_FILES: "serviceFiles",
  SERVICE_FILES_EDIT: "serviceFiles:edit",
  SERVICE_FILES_EDIT_ANY: "serviceFiles:editAny",
  SERVICE_FILES_EXPORT: "serviceFiles:export",
  FOLLOWUPS: "serviceFiles:followups",
  SERVICE_FILES_VISITS: "serviceFiles:visits",
  STATISTICS: "statistics",
  /** Issue 12: search, detail, export, statistics and company profiles of the imported patents. */
  PATENT_SEARCH: "patents",
  PATENT_IMPORT: "patents:import",
  ADMIN: "admin",
  ADMIN_USERS: "admin:users",
  ADMIN_USERS_EDIT: "admin:users:edit",
  ADMIN_LOGS: "admin:logs",
  ADMIN_SESSIONS: "admin:sessions",
  ADMIN_COMPANIES: "admin:companies",
  ADMIN_DIMENSIONS: "admin:dimensions",
  ADMIN_CERTIFICATIONS: "admin:certifications",
} as const;
export type MenuCodeValue = (typeof MenuCode)[keyof typeof MenuCode];

export interface MenuDef {
  code: MenuCodeValue;
  /** Seeded display name; the app shows menus through i18n by code. */
  name: string;
  parent: MenuCodeValue | null;
  type: "menu" | "button";
  path: string | null;
  sort: number;
}

export const MENUS: readonly MenuDef[] = [
  { code: MenuCode.PATNAVI, name: "专利导航", parent: null, type: "menu", path: Paths.HOME, sort: 10 },
  { code: MenuCode.USER_CENTER, name: "个人中心", parent: null, type: "menu", path: Paths.BASIC_INFO, sort: 20 },
  { code: MenuCode.CERTIFICATION_APPLY, name: "企业认证", parent: MenuCode.USER_CENTER, type: "menu", path: Paths.ACCREDITED_INSTITUTION, sort: 21 },
  { code: MenuCode.SERVICE_FILES, name: "敲门服务档案", parent: null, type: "menu", path: Paths.SERVICE_FILES, sort: 30 },
  { code: MenuCode.SERVICE_FILES_EDIT, name: "编辑档案", parent: MenuCode.SERVICE_FILES, type: "button", path: null, sort: 31 },
  { code: MenuCode.SERVICE_FILES_EXPORT, name: "导出档案", parent: MenuCode.SERVICE_FILES, type: "button", path: null, sort: 32 },
  { code: MenuCode.SERVICE_FILES_VISITS, name: "走访记录", parent: MenuCode.SERVICE_FILES, type: "menu", path: Paths.VISITS, sort: 33 },
  { code: MenuCode.FOLLOWUPS, name: "我的待跟进", parent: MenuCode.SERVICE_FILES, type: "menu", path: Paths.FOLLOWUPS, sort: 34 },
  { code: MenuCode.STATISTICS, name: "服务统计", parent: null, type: "menu", path: Paths.STATISTICS, sort: 35 },
  { code: MenuCode.SERVICE_FILES_EDIT_ANY, name: "修改他人走访记录", parent: MenuCode.SERVICE_FILES, type: "button", path: null, sort: 36 },
  { code: MenuCode.PATENT_SEARCH, name: "专利检索", parent: null, type: "menu", path: Paths.PATENTS, sort: 38 },
  { code: MenuCode.PATENT_IMPORT, name: "专利导入", parent: MenuCode.PATENT_SEARCH, type: "button", path: null, sort: 39 },
  { code: MenuCode.ADMIN, name: "系统管理", parent: null, type: "menu", path: null, sort: 40 },
  { code: MenuCode.ADMIN_USERS, name: "用户列表", parent: MenuCode.ADMIN, type: "menu", path: Paths.USER_LIST, sort: 41 },
  { code: MenuCode.ADMIN_USERS_EDIT, name: "用户管理", parent: MenuCode.ADMIN, type: "menu", path: Paths.USER_MANAGE, sort: 42 },
  { code: MenuCode.ADMIN_LOGS, name: "操作日志", parent: MenuCode.ADMIN, type: "menu", path: Paths.LOGS, sort: 43 },
  { code: MenuCode.ADMIN_SESSIONS, name: "会话管理", parent: MenuCode.ADMIN, type: "button", path: null, sort: 44 },
  { code: MenuCode.ADMIN_COMPANIES, name: "企业管理", parent: MenuCode.ADMIN, type: "button", path: null, sort: 45 },
  { code: MenuCode.ADMIN_DIMENSIONS, name: "维度管理", parent: MenuCode.ADMIN, type: "button", path: null, sort: 46 },
  { code: MenuCode.ADMIN_CERTIFICATIONS, name: "企业认证审核", parent: MenuCode.ADMIN, type: "button", path: null, sort: 47 },
];

export const RoleCode = { ADMIN: "admin", STAFF: "staff", MEMBER: "member", MANAGER: "manager", ANALYST: "analyst" } as const;
export type RoleCodeValue = (typeof RoleCode)[keyof typeof RoleCode];

/**
 * Which companies' archives a role's users reach: `all`, or `own`, the companies whose owners
 * (POST /api/company/owners) they are. A user with any role of scope `all` reaches all.
 */
export const DATA_SCOPES = ["all", "own"] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export interface RoleDef {
  code: RoleCodeValue;
  name: string;
  menus: readonly MenuCodeValue[];
  /** Set when the seed creates the role; an administrator's later choice stays. */
  dataScope: DataScope;
}

/** DESIGN.md: administrator (everything), staff (service archive), member (patent navigation and user center). */
export const ROLES: readonly RoleDef[] = [
  { code: RoleCode.ADMIN, name: "管理员", menus: MENUS.map((m) => m.code), dataScope: "all" },
  {
    code: RoleCode.STAFF,
    name: "协会工作人员",
    menus: [MenuCode.USER_CENTER, MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT, MenuCode.SERVICE_FILES_EXPORT, MenuCode.SERVICE_FILES_VISITS, MenuCode.FOLLOWUPS, MenuCode.PATENT_SEARCH],
    dataScope: "own",
  },
  {
    code: RoleCode.MEMBER,
    name: "会员企业",
    menus: [MenuCode.PATNAVI, MenuCode.USER_CENTER, MenuCode.CERTIFICATION_APPLY, MenuCode.PATENT_SEARCH],
    dataScope: "own",
  },
  {
    // Issue 11: the association's managers read every company's archive and the service statistics.
    code: RoleCode.MANAGER,
    name: "协会管理人员",
    menus: [MenuCode.USER_CENTER, MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_VISITS, MenuCode.STATISTICS, MenuCode.PATENT_SEARCH],
    dataScope: "all",
  },
  {
    // Issue 12: 专利分析人员 import the exports and read every company's patent profile.
    code: RoleCode.ANALYST,
    name: "专利分析人员",
    menus: [MenuCode.USER_CENTER, MenuCode.PATENT_SEARCH, MenuCode.PATENT_IMPORT],
    dataScope: "all",
  },
];
