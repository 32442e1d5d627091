import { Paths } from "../../contract/paths";
import type { ApiError } from "../apiError";
import { notify } from "../notifier";
import { goTo } from "./navigation";
import { setPasswordChangeRequired } from "./userSession";

/**
 * A generated password must be changed before anything else (code 40302): say so once and take the
 * user to the password change, instead of a toast for every refused call on the page.
 */
export function handlePasswordChangeRequired(error: ApiError): void {
  // The page says why it is shown; an administrator may have set the password after this sign-in.
  setPasswordChangeRequired(true);
  if (window.location.pathname === Paths.CHANGE_PASSWORD) return;
  notify.warning(error.message);
  goTo(Paths.CHANGE_PASSWORD);
}
