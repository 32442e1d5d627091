import { useEffect } from "react";
import { useNavigate } from "react-router";
import { setSessionNavigator } from "../../providers/session/navigation";
import { CertificationDialog } from "../components/CertificationDialog";
import { LoginPromptDialog } from "../components/LoginPromptDialog";
import { closeCertificationDialog, closeLoginPrompt, useSessionDialogs } from "./sessionDialogs";

/**
 * Mounted once inside the router: lets the session code outside React navigate in the app (after a
 * failed refresh), and shows the login prompt and the certification dialog whoever opens them.
 */
export function SessionHost() {
  const navigate = useNavigate();
  const { loginPromptOpen, loginPrompt, certification } = useSessionDialogs();

  useEffect(() => {
    setSessionNavigator((path) => void navigate(path));
    return () => setSessionNavigator(null);
  }, [navigate]);

  return (
    <>
      <LoginPromptDialog {...loginPrompt} open={loginPromptOpen} onClose={closeLoginPrompt} />
      <CertificationDialog open={certification} onClose={closeCertificationDialog} />
    </>
  );
}
