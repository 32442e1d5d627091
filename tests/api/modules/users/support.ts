import type { App } from "../../../../server/types";
import type { SignedIn } from "../../helpers/signIn";

/** A JSON call with the caller's token; GET when no body. */
export function call(app: App, who: SignedIn, url: string, payload?: Record<string, unknown>) {
  return payload === undefined
    ? app.inject({ method: "GET", url, headers: who.headers })
    : app.inject({ method: "POST", url, headers: who.headers, payload });
}

export const USER_INFO = "/uaa/accounts/getUserInfo";
export const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
