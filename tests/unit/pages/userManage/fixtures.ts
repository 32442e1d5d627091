import type { AdminUser, RoleSummary } from "../../../../contract/users";
import { ok } from "../pageHarness";

export const roles: RoleSummary[] = [
  { code: "admin", name: "管理员", builtin: true, dataScope: "all", menuCodes: [] },
  { code: "staff", name: "协会工作人员", builtin: true, dataScope: "own", menuCodes: [] },
  { code: "member", name: "会员企业", builtin: true, dataScope: "own", menuCodes: [] },
];

export const zhang: AdminUser = {
  id: 11,
  username: "zhangsan",
  name: "张三",
  mobile: "13800138001",
  status: "enabled",
  roles: [{ code: "staff", name: "协会工作人员" }],
  company: { id: 3, name: "成都芯片科技有限公司" },
  createdDate: "2025-03-01 10:00:00",
  lastSignInDate: "2025-03-05 09:00:00",
};

export const li: AdminUser = { ...zhang, id: 12, username: "lisi", name: "李四", status: "disabled", company: null };

export const page = <T,>(records: T[]) => ok({ records, total: records.length, current: 1, size: 10 });
