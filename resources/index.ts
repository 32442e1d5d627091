import type { ResourceProps } from "@refinedev/core";
import { MenuCode } from "../contract/menus";
import { Paths } from "../src/routes";

/**
 * Refine's resources: each names the routes its pages live on (SPEC 2) and, in meta.menuCode, the
 * menu code the access-control provider checks for it (SPEC 6).
 */
export const resources: ResourceProps[] = [
  { name: "users", list: Paths.USER_LIST, meta: { label: "shell.titles.userList", menuCode: MenuCode.ADMIN_USERS } },
  { name: "logs", list: Paths.LOGS, meta: { label: "shell.titles.logs", menuCode: MenuCode.ADMIN_LOGS } },
  {
    name: "serviceRecords",
    list: Paths.SERVICE_FILES,
    create: Paths.SERVICE_FILES_DETAILS,
    show: `${Paths.SERVICE_FILES_DETAILS}?id=:id&disable=true`,
    meta: { label: "shell.titles.serviceFiles", menuCode: MenuCode.SERVICE_FILES },
  },
];
