import { authProvider } from "../../providers/authProvider";
import { Paths } from "../../contract/paths";
import { confirmLeaving } from "./leaveGuards";

let running: Promise<void> | null = null;

/**
 * SPEC 4 logout for views outside Refine's hooks (the header). Unsaved work is asked about first,
 * while the session still holds (a Save after the tokens are gone would be refused and the work
 * lost); Stay keeps the user signed in. Then the authProvider's logout, then its page. A second
 * click while the first is still asking joins it instead of asking twice.
 */
export function logout(navigate: (path: string) => void): Promise<void> {
  running ??= (async () => {
    if (!(await confirmLeaving())) return;
    const { redirectTo } = await authProvider.logout({});
    navigate(redirectTo ?? Paths.LOGIN_INDEX);
  })().finally(() => {
    running = null;
  });
  return running;
}
