import { Type } from "typebox";
import { USER_STATUSES } from "../../../contract/users";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../../contract/limits";
import { Id, IdParams, PageNumber, PageSize, SearchText } from "../../schemas";

/*
 * Shapes only; the account rules (contract/account.ts, contract/users.ts) are checked by the
 * service, so that each refusal says in Chinese what is wrong with the value.
 */

const NullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
const Status = Type.Enum(USER_STATUSES, { description: "enabled 启用，disabled 停用" });
const RoleCodes = Type.Array(Type.String(), { description: "角色编码（/api/role/allData 的 code），至少一个" });
const CompanyId = Type.Union([Id(), Type.Null()], { description: "所属企业编号（/api/patnavi/company/org）；不填为无" });

export const UserListBody = Type.Object({
  current: PageNumber,
  size: PageSize(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  model: Type.Optional(
    Type.Object({
      name: Type.Optional(SearchText({ description: "姓名包含" })),
      mobile: Type.Optional(SearchText({ description: "手机号包含" })),
      roleCode: Type.Optional(Type.String({ description: "持有该角色" })),
      status: Type.Optional(Status),
      keyword: Type.Optional(SearchText({ description: "用户名、姓名或手机号包含" })),
    }),
  ),
});

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

export const AdminUserPage = Type.Object({
  records: Type.Array(AdminUser),
  total: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
});

export const UserEditBody = Type.Object({
  id: Type.Optional(Id({ description: "不填为新增用户；填写为修改该用户" })),
  username: Type.Optional(Type.String({ description: "用户名（仅新增时填写，之后不可修改）" })),
  name: Type.String({ description: "姓名" }),
  mobile: Type.Optional(NullableText("手机号；不填或为空为无")),
  roleCodes: RoleCodes,
  companyId: Type.Optional(CompanyId),
});

export const UserEdited = Type.Union(
  [AdminUser, Type.Object({ id: Type.Integer(), initialPassword: Type.String({ description: "初始密码，只显示这一次；用户首次登录须修改" }) })],
  { description: "新增：{ id, initialPassword }；修改：该用户" },
);

export const RolesBody = Type.Object({ id: Id(), roleCodes: RoleCodes });

export const UserIdBody = Type.Object({ id: Id({ description: "用户编号" }) });

export const UserIdParams = IdParams("用户编号");

export const ResetPassword = Type.Object({ password: Type.String({ description: "新生成的密码，只显示这一次；用户下次登录须修改" }) });
