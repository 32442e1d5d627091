import { Paths } from "../../src/routes";
import { redirectToAuthorize } from "./authorizeRedirect";
import { goTo } from "./navigation";
import { endSession } from "./userSession";

let leaving = false;

/**
 * SPEC 8: after 40101, 41201 or 41202 the session is ended and the whole window goes to the
 * provider's authorize page. It cannot loop: only the first answer of a page's life acts; on the
 * callback page (whose own calls just failed with fresh tokens) and when the authorize address cannot
 * be built, the user goes to /login/index instead.
 */
export function handleSessionInvalid(): void {
  if (leaving) return;
  leaving = true;
  endSession();
  if (window.location.pathname === Paths.AUTH_CALLBACK) {
    toLoginPage();
    return;
  }
  redirectToAuthorize().catch((error: unknown) => {
    console.warn("single sign-on unavailable", error);
    toLoginPage();
  });
}

function toLoginPage(): void {
  // Back inside the app the page lives on, so a later session-invalid answer may act again.
  leaving = false;
  goTo(Paths.LOGIN_INDEX);
}
