import { setSessionHandlers } from "../http";
import { handlePasswordChangeRequired } from "./passwordChangeRequired";
import { freshenToken } from "./refresh";
import { handleSessionInvalid } from "./sessionInvalid";

/** Plugs the refresh (SPEC 4), the session-invalid redirect (SPEC 8) and the forced password change into the request layer. */
export function installSessionHandlers(): void {
  setSessionHandlers({
    beforeRequest: async (config) => {
      await freshenToken();
      return config;
    },
    onSessionInvalid: handleSessionInvalid,
    onPasswordChangeRequired: handlePasswordChangeRequired,
  });
}
