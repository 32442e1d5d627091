import { post } from "../../providers/endpoints";
import { declareResource } from "../declareResource";

/** Every role at once, for the role filter and the user form (not paged, so an action, not a list). */
export const roles = declareResource({
  name: "roles",
  label: "userManage.fields.roles",
  calls: {},
  actions: { all: post("/api/role/allData") },
});
