import { useNotification } from "@refinedev/core";
import { useState } from "react";
import { patnaviJumpUrl, type PatnaviRedirect } from "../../../providers/session/patnaviRedirect";
import { showCertificationDialogFor } from "../../session/certificationRefusal";
import { useRequireLogin } from "../../session/useRequireLogin";

/**
 * Hands the signed-in user over to the patent-navigation platform in a new tab. Not signed in: the
 * login prompt instead. Certification under review: the certification dialog instead of a toast.
 */
export function usePatnaviHandoff(): { handOff: (request: PatnaviRedirect) => Promise<void>; busy: boolean } {
  const requireLogin = useRequireLogin();
  const { open: toast } = useNotification();
  const [busy, setBusy] = useState(false);

  const handOff = async (request: PatnaviRedirect) => {
    if (!requireLogin()) return;
    setBusy(true);
    try {
      const jumpUrl = await patnaviJumpUrl(request);
      window.open(jumpUrl, "_blank", "noopener");
    } catch (error) {
      // The call is silent: every refusal but "under review" is shown here, with the server's words.
      if (!showCertificationDialogFor(error)) toast?.({ type: "error", message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return { handOff, busy };
}
