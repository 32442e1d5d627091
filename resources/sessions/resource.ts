import { MenuCode } from "../../contract/menus";
import { post } from "../../providers/endpoints";
import { declareResource } from "../declareResource";

/** Active sessions (a user-management tab); ending a session is its delete: POST /api/session/end { id }. */
export const sessions = declareResource({
  name: "sessions",
  label: "userManage.tabs.sessions",
  menuCode: MenuCode.ADMIN_SESSIONS,
  calls: { list: post("/api/session/list"), delete: post("/api/session/end") },
});
