import { setSessionHandlers } from "../http";
import { freshenToken } from "./refresh";
import { handleSessionInvalid } from "./sessionInvalid";

/** Plugs the refresh (SPEC 4) and the session-invalid redirect (SPEC 8) into the request layer. */
export function installSessionHandlers(): void {
  setSessionHandlers({
    beforeRequest: async (config) => {
      await freshenToken();
      return config;
    },
    onSessionInvalid: handleSessionInvalid,
  });
}
