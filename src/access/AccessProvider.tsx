import { keys } from "@refinedev/core";
import { QueryClientContext } from "@tanstack/react-query";
import { useContext, useEffect, type ReactNode } from "react";
import { subscribeToSession } from "../../providers/session/storedUser";
import { syncAbilityWithStorage } from "../../providers/ability";

/**
 * Keeps the app's ability in step with the session: at every sign-in and sign-out (establishSession /
 * endSession notify) the ability is rebuilt from the stored auth list and Refine's cached `can`
 * answers are reset, so every useCan and <CanAccess> asks the access-control provider again.
 * Inside <Refine> it finds Refine's QueryClient; outside it only rebuilds the ability.
 */
export function AccessProvider({ children }: { children: ReactNode }) {
  const queryClient = useContext(QueryClientContext);

  useEffect(() => {
    const resync = () => {
      syncAbilityWithStorage();
      void queryClient?.resetQueries({ queryKey: keys().access().get() });
    };
    // The stored auth list may have changed between module load and mount.
    resync();
    return subscribeToSession(resync);
  }, [queryClient]);

  return <>{children}</>;
}
