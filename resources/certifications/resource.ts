import { MenuCode } from "../../contract/menus";
import { get, post } from "../../providers/endpoints";
import { declareResource } from "../declareResource";

/** Certification review (a user-management tab): the applications, and the two decisions on one. */
export const certifications = declareResource({
  name: "certifications",
  label: "userManage.tabs.certifications",
  menuCode: MenuCode.ADMIN_CERTIFICATIONS,
  calls: { list: post("/api/certification/list"), one: get("/api/certification/:id") },
  actions: { approve: post("/api/certification/approve"), reject: post("/api/certification/reject") },
});
