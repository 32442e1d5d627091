import { RoleCode, type RoleCodeValue } from "../../../../contract/menus";
import type { App } from "../../../../server/types";
import { createUser, signIn, type SignedIn } from "../../helpers/signIn";

export { createCompany } from "../../helpers/companies";

const PASSWORD = "Archive-pass-1";
let serial = 0;

/** A JSON call with the caller's token; GET when no body. */
export function call(app: App, who: SignedIn, url: string, payload?: unknown) {
  return payload === undefined
    ? app.inject({ method: "GET", url, headers: who.headers })
    : app.inject({ method: "POST", url, headers: who.headers, payload: payload as Record<string, unknown> });
}

/** A signed-in user of the role, with a name to find in answers. */
export async function userWith(app: App, role: RoleCodeValue = RoleCode.STAFF, name?: string): Promise<SignedIn> {
  const username = `arch${++serial}${Date.now() % 100000}`;
  await createUser(app, { username, password: PASSWORD, roles: [role], name: name ?? username });
  return signIn(app, username, PASSWORD);
}

export const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
