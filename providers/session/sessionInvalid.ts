import { Paths } from "../../contract/paths";
import { storedLocale } from "../storedLocale";
import { translate } from "../../i18n/appTranslate";
import { notify } from "../notifier";
import { redirectToAuthorize } from "./authorizeRedirect";
import { isLoggedIn } from "./isLoggedIn";
import { goTo } from "./navigation";
import { endSession, lastSignInMethod } from "./userSession";

let leaving = false;

/**
 * SPEC 8: after 40101, 41201 or 41202 the session is ended and the whole window goes to the
 * provider's authorize page. It cannot loop: only the first answer of a page's life acts; on the
 * callback page (whose own calls just failed with fresh tokens) and when the authorize address cannot
 * be built, the user goes to /login/index instead.
 *
 * A user who signs in with a password would land unexplained on the provider's page, where that
 * password is no use: they are told the session ended and go to /login/index.
 */
export function handleSessionInvalid(): void {
  if (leaving) return;
  leaving = true;
  const hadSession = isLoggedIn();
  endSession();
  if (lastSignInMethod() === "password") {
    // Only the answer that ended the session says so; the rest of a burst of refusals stays quiet.
    if (hadSession) notify.warning(translate(storedLocale(), "providers.sessionEnded"));
    toLoginPage();
    return;
  }
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
