/** The app's addresses (SPEC 2), which the providers and the server also name. */
export const Paths = {
  HOME: "/",
  LOGIN: "/login",
  LOGIN_INDEX: "/login/index",
  REGISTER: "/login/register",
  RETRIEVE_PASSWORD: "/login/retrievePassword",
  AUTH_CALLBACK: "/authorization-callback",
  USER_CENTER: "/userCenter",
  BASIC_INFO: "/userCenter/basicInfo",
  CHANGE_PASSWORD: "/userCenter/changePassword",
  USER_MANAGE: "/userCenter/userManage",
  ACCREDITED_INSTITUTION: "/userCenter/accreditedInstitution",
  SERVICE_FILES: "/serviceFiles",
  SERVICE_FILES_DETAILS: "/serviceFilesDetails",
  FOLLOWUPS: "/followups",
  /** Every visit record the user may see, across companies (issue 11). */
  VISITS: "/visits",
  /** 服务统计 (issue 11). */
  STATISTICS: "/statistics",
  /** 专利检索 and its import (issue 12). */
  PATENTS: "/patents",
  PATENT_IMPORT: "/patents/import",
  /** The industry chain map of the searched patents. */
  PATENT_CHAIN: "/patents/chain",
  /** 我的关注: the user's patent watches (issue 12 item 6). */
  PATENT_WATCHES: "/patents/watches",
  /** A certified member's own company's 专利画像, in the personal center (issue 12). */
  PATENT_PROFILE: "/userCenter/patentProfile",
  USER_LIST: "/user",
  LOGS: "/logs",
} as const;
