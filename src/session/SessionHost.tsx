import { Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { setSessionNavigator } from "../../providers/session/navigation";
import { lazyPart } from "../lazyPage";
import { closeCertificationDialog, closeLoginPrompt, useSessionDialogs } from "./sessionDialogs";

// Most visits never see either dialog: each loads the first time it opens.
const LoginPromptDialog = lazyPart(async () => (await import("../components/LoginPromptDialog")).LoginPromptDialog);
const CertificationDialog = lazyPart(async () => (await import("../components/CertificationDialog")).CertificationDialog);

/** True from the first render in which `open` is, so a dialog once loaded stays mounted to animate out. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * Mounted once inside the router: lets the session code outside React navigate in the app (after a
 * failed refresh), and shows the login prompt and the certification dialog whoever opens them.
 */
export function SessionHost() {
  const navigate = useNavigate();
  const { loginPromptOpen, loginPrompt, certification } = useSessionDialogs();
  const loginPromptLoaded = useOpenedOnce(loginPromptOpen);
  const certificationLoaded = useOpenedOnce(certification);

  useEffect(() => {
    setSessionNavigator((path) => void navigate(path));
    return () => setSessionNavigator(null);
  }, [navigate]);

  return (
    <Suspense fallback={null}>
      {loginPromptLoaded && <LoginPromptDialog {...loginPrompt} open={loginPromptOpen} onClose={closeLoginPrompt} />}
      {certificationLoaded && <CertificationDialog open={certification} onClose={closeCertificationDialog} />}
    </Suspense>
  );
}
