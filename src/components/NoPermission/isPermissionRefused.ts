import { ApiError } from "../../../providers/apiError";

/** Whether a failed call is the server's refusal for a missing menu code (HTTP 403, code 403). */
export function isPermissionRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.httpStatus === 403 || error.code === 403);
}
