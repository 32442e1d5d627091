import { randomBytes } from "node:crypto";
import { RoleCode, type RoleCodeValue } from "../../../../contract/menus";
import type { App } from "../../../../server/types";
import { multipartBody } from "../../helpers/multipart";
import { createUser, signIn, type SignedIn } from "../../helpers/signIn";

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)]);
export const PDF = Buffer.from("%PDF-1.7\n% test\n");
export const PASSWORD = "Passw0rd-1";

/** Uploads a file as the signed-in user; answers its id. */
export async function upload(app: App, who: SignedIn, filename: string, content: Buffer): Promise<string> {
  const { payload, headers } = multipartBody([{ name: "file", filename, content }]);
  const res = await app.inject({ method: "POST", url: "/api/files/upload", payload, headers: { ...headers, ...who.headers } });
  if (res.statusCode !== 200) throw new Error(`upload refused: ${res.body}`);
  return res.json().result.id;
}

/** A user with the given roles (a member unless told), signed in. */
export async function signedInUser(
  app: App,
  username: string,
  options: { roles?: RoleCodeValue[]; mobile?: string; name?: string } = {},
): Promise<SignedIn> {
  await createUser(app, { username, password: PASSWORD, roles: options.roles ?? [RoleCode.MEMBER], mobile: options.mobile, name: options.name });
  return signIn(app, username, PASSWORD);
}

/** POST /uaa/accounts/getUserInfo: 200 while the session lives. */
export function userInfo(app: App, who: SignedIn) {
  return app.inject({ method: "POST", url: "/uaa/accounts/getUserInfo", headers: who.headers });
}
