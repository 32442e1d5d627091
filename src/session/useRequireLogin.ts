import { useCallback } from "react";
import { isLoggedIn } from "../../providers/session/isLoggedIn";
import type { LoginPromptOptions } from "../components/LoginPromptDialog";
import { openLoginPrompt } from "./sessionDialogs";

/**
 * SPEC 4 logged-in test for an action that needs a user: the returned function answers true when
 * logged in; otherwise it opens the prompt 'You are not logged in, log in now?' (Log in now / Cancel,
 * leading to /login/index, or as `options` say) and answers false.
 */
export function useRequireLogin(): (options?: LoginPromptOptions) => boolean {
  return useCallback((options?: LoginPromptOptions) => {
    if (isLoggedIn()) return true;
    openLoginPrompt(options);
    return false;
  }, []);
}
