import { MenuCode, type MenuCodeValue } from "../../../../contract/menus";

/**
 * The tabs of /userCenter/userManage and the menu code each needs (SPEC 6). The page shows a tab
 * only for its code, and the personal center's side menu offers the page only when one is held.
 */
export const USER_MANAGE_TAB_CODES = {
  users: MenuCode.ADMIN_USERS_EDIT,
  certifications: MenuCode.ADMIN_CERTIFICATIONS,
  sessions: MenuCode.ADMIN_SESSIONS,
  dimensions: MenuCode.ADMIN_DIMENSIONS,
} as const satisfies Record<string, MenuCodeValue>;

export const USER_MANAGE_CODES: readonly MenuCodeValue[] = Object.values(USER_MANAGE_TAB_CODES);
