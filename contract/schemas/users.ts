import { Type, type Static } from "typebox";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../limits";
import { USER_STATUSES } from "../users";
import { DATA_SCOPES } from "../menus";
import { ListSorts } from "../listSorts";
import { Id, IdParams, NullableText, Orders, PageNumber, PageOf, PageSize, SearchText } from "./primitives";

/*
 * User administration's calls (/user, /userCenter/userManage): users, roles, sessions and the
 * company picker. Shapes only; the account rules (contract/account.ts, contract/users.ts) are
 * checked by the service, so that each refusal says what is wrong with the value.
 */

const Status = Type.Enum(USER_STATUSES, { description: "enabled 启用，disabled 停用" });
const RoleCodes = Type.Array(Type.String(), { description: "角色编码（/api/role/allData 的 code），至少一个" });
const CompanyId = Type.Union([Id(), Type.Null()], { description: "所属企业编号（/api/patnavi/company/org）；不填为无" });

export const UserListFilter = Type.Object({
  name: Type.Optional(SearchText({ description: "姓名包含" })),
  mobile: Type.Optional(SearchText({ description: "手机号包含" })),
  roleCode: Type.Optional(Type.String({ description: "持有该角色" })),
  status: Type.Optional(Status),
  keyword: Type.Optional(SearchText({ description: "用户名、姓名或手机号包含" })),
});
export type UserListFilter = Static<typeof UserListFilter>;

export const UserListBody = Type.Object({
  current: PageNumber,
  size: PageSize(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  model: Type.Optional(UserListFilter),
  orders: Type.Optional(Orders(ListSorts.users)),
});

/** One row of POST /api/user/listData; also the result of an edit. */
export const AdminUser = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  mobile: NullableText("手机号"),
  status: Status,
  roles: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
  company: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()], { description: "所属企业；无则为 null" }),
  createdDate: Type.String({ description: "创建时间 YYYY-MM-DD HH:mm:ss" }),
  lastSignInDate: NullableText("最近登录时间 YYYY-MM-DD HH:mm:ss；从未登录为 null"),
});
export type AdminUser = Static<typeof AdminUser>;

export const AdminUserPage = PageOf(AdminUser);
export type AdminUserPage = Static<typeof AdminUserPage>;

/** POST /api/user/edit: without id a new account with a generated password; with id the whole form. */
export const UserEditBody = Type.Object({
  id: Type.Optional(Id({ description: "不填为新增用户；填写为修改该用户" })),
  username: Type.Optional(Type.String({ description: "用户名（仅新增时填写，之后不可修改）" })),
  name: Type.String({ description: "姓名" }),
  mobile: Type.Optional(NullableText("手机号；不填或为空为无")),
  roleCodes: RoleCodes,
  companyId: Type.Optional(CompanyId),
});
export type UserEditBody = Static<typeof UserEditBody>;
/** A new user: the username is given once, when the account is made. */
export type NewUserInput = Omit<UserEditBody, "id"> & { username: string };
/** An edit of the user `id`: a mobile or company left out is cleared. */
export type UserEditInput = Omit<UserEditBody, "id" | "username"> & { id: number };

/** The answer to creating a user: the password is shown once and must be changed at first sign-in. */
export const CreatedUser = Type.Object({
  id: Type.Integer(),
  initialPassword: Type.String({ description: "初始密码，只显示这一次；用户首次登录须修改" }),
});
export type CreatedUser = Static<typeof CreatedUser>;

export const UserEdited = Type.Union([AdminUser, CreatedUser], { description: "新增：{ id, initialPassword }；修改：该用户" });

export const RolesBody = Type.Object({ id: Id(), roleCodes: RoleCodes });

export const UserIdBody = Type.Object({ id: Id({ description: "用户编号" }) });

export const UserIdParams = IdParams("用户编号");

export const ResetPassword = Type.Object({ password: Type.String({ description: "新生成的密码，只显示这一次；用户下次登录须修改" }) });

/** POST /api/role/allData. */
export const RoleSummary = Type.Object({
  code: Type.String({ description: "角色编码" }),
  name: Type.String(),
  builtin: Type.Boolean({ description: "内置角色（管理员、协会工作人员、会员企业）" }),
  dataScope: Type.Enum([...DATA_SCOPES], { description: "数据范围：all 全部企业，own 本人负责的企业" }),
  menuCodes: Type.Array(Type.String(), { description: "该角色持有的菜单与按钮编码" }),
});
export type RoleSummary = Static<typeof RoleSummary>;

export const CompanyOrgBody = Type.Object({
  keywords: Type.Optional(SearchText({ description: "企业名称或统一社会信用代码包含" })),
  current: Type.Optional(PageNumber),
  size: Type.Optional(PageSize(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)),
});

/** POST /api/patnavi/company/org: the company picker of the user form. */
export const CompanyOrg = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  creditCode: NullableText("统一社会信用代码；认证通过前为 null"),
});
export type CompanyOrg = Static<typeof CompanyOrg>;

export const CompanyOrgPage = PageOf(CompanyOrg);

export const SessionListBody = Type.Object({
  current: PageNumber,
  size: PageSize(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  model: Type.Optional(Type.Object({ username: Type.Optional(SearchText({ description: "用户名包含" })) })),
  orders: Type.Optional(Orders(ListSorts.sessions)),
});

/** POST /api/session/list. */
export const ActiveSession = Type.Object({
  id: Type.Integer({ description: "会话编号" }),
  userId: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  ip: NullableText("登录 IP"),
  browser: Type.String({ description: "浏览器与系统，如 Chrome 126 / Windows" }),
  userAgent: NullableText("完整的 User-Agent"),
  signInDate: Type.String({ description: "登录时间 YYYY-MM-DD HH:mm:ss" }),
  lastCallDate: Type.String({ description: "最近一次调用的时间（每分钟至多记录一次）" }),
});
export type ActiveSession = Static<typeof ActiveSession>;

export const SessionPage = PageOf(ActiveSession);

export const SessionIdBody = Type.Object({ id: Id({ description: "会话编号" }) });
