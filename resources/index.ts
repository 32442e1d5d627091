import type { ResourceProps } from "@refinedev/core";
import { Paths } from "../src/routes";

/** Refine's resources: each names the routes its pages live on (SPEC 2). */
export const resources: ResourceProps[] = [
  { name: "users", list: Paths.USER_LIST, meta: { label: "shell.titles.userList" } },
  { name: "logs", list: Paths.LOGS, meta: { label: "shell.titles.logs" } },
  {
    name: "serviceRecords",
    list: Paths.SERVICE_FILES,
    create: Paths.SERVICE_FILES_DETAILS,
    show: `${Paths.SERVICE_FILES_DETAILS}?id=:id&disable=true`,
    meta: { label: "shell.titles.serviceFiles" },
  },
];
