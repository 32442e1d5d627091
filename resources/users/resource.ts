import { MenuCode } from "../../contract/menus";
import { Paths } from "../../contract/paths";
import { get, post } from "../../providers/endpoints";
import { declareResource } from "../declareResource";

const save = post("/api/user/edit");

/** The user list (/user) and the users tab of user management, over SPEC 7's user calls. */
export const users = declareResource({
  name: "users",
  label: "shell.titles.userList",
  menuCode: MenuCode.ADMIN_USERS,
  list: { path: Paths.USER_LIST, page: () => import("./UserList") },
  calls: { list: post("/api/user/listData", { bearer: true }), create: save, update: save, delete: get("/api/user/del/:id") },
  actions: {
    enable: post("/api/user/enabled"),
    disable: post("/api/user/disabled"),
    resetPassword: post("/api/user/resetPwd"),
    /** Whether a username or mobile number is taken: `{ type, value }` → `{ exists }`. */
    infoExists: post("/api/user/infoExists"),
  },
});

/** Companies for the user form's picker; the search goes as `keywords` at the body's root. */
export const orgCompanies = declareResource({
  name: "orgCompanies",
  label: "userManage.fields.company",
  calls: { list: post("/api/patnavi/company/org", { filtersAtRoot: true }) },
});
