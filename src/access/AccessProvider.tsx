import { AbilityProvider } from "@casl/react";
import { keys } from "@refinedev/core";
import { QueryClientContext } from "@tanstack/react-query";
import { useContext, useEffect, type ReactNode } from "react";
import { subscribeToSession } from "../session/storedUser";
import { appAbility, syncAbilityWithStorage } from "./ability";

/**
 * Gives the tree the app's ability and keeps it in step with the session: at every sign-in and
 * sign-out (establishSession / endSession notify) the ability is rebuilt from the stored auth list and
 * Refine's cached `can` answers are reset, so useCan asks the access-control provider again.
 * Inside <Refine> it finds Refine's QueryClient; outside (a component test) it only gives the ability.
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

  return <AbilityProvider value={appAbility}>{children}</AbilityProvider>;
}
