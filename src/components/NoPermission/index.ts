export { NoPermission } from "./NoPermission";
export { isPermissionRefused } from "./isPermissionRefused";
