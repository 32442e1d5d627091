import { notify } from "../../../providers/notifier";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { SIGN_IN_ERROR_REDIRECT_MS } from "../../../contract/limits";
import { completeSsoSignIn } from "../../../providers/session/ssoCallback";
import { useT } from "../../i18n/I18nContext";
import { Paths } from "../../../contract/paths";
import { showCertificationDialogFor } from "../../session/certificationRefusal";

/**
 * SPEC 2 and 4: the return page of single sign-on runs the sign-in steps and shows nothing itself;
 * an error shows its message and goes home after SIGN_IN_ERROR_REDIRECT_MS.
 */
export default function AuthorizationCallbackPage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const t = useT();
  // The code can be exchanged once; a second run of the effect (StrictMode) must not try again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void completeSsoSignIn(query).then((outcome) => {
      if (outcome.kind === "error") {
        notify.error(t(outcome.messageKey));
        timer = setTimeout(() => navigate(Paths.HOME, { replace: true }), SIGN_IN_ERROR_REDIRECT_MS);
      } else if (outcome.kind === "leave") {
        window.location.assign(outcome.url);
      } else {
        navigate(outcome.to, { replace: true });
        if (outcome.refusal !== undefined && !showCertificationDialogFor(outcome.refusal)) {
          notify.error(outcome.refusal instanceof Error ? outcome.refusal.message : String(outcome.refusal));
        }
      }
    });
    return () => clearTimeout(timer);
  }, [query, navigate, t]);

  return null;
}
