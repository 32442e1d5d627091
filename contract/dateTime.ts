/** How date-times travel between the halves (DESIGN.md "Calls"). */
export const DATE_TIME_FORMAT = "YYYY-MM-DD HH:mm:ss";
export const DATE_FORMAT = "YYYY-MM-DD";
/** SPEC 9: default time of day for date-time pickers. */
export const DEFAULT_TIME_OF_DAY = "12:00:00";
export const DEFAULT_TIME_ZONE = "Asia/Shanghai";
