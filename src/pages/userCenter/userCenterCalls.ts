import type { PersonInfo, PersonInfoBody as PersonInfoChange } from "../../../contract/schemas/accounts";
import type { UserInfo } from "../../../contract/schemas/auth";
import type { Envelope } from "../../../contract/envelope";
import { http } from "../../../providers/http";
import { postWrite } from "../login/writeCall";

/** The signed-in user as /uaa/accounts/getUserInfo answers. */
export type { UserInfo };

export async function fetchUserInfo(): Promise<UserInfo> {
  const body = await http.post<Envelope<UserInfo>>("/uaa/accounts/getUserInfo");
  if (!body.result) throw new Error("user info missing from the answer");
  return body.result;
}

export type { PersonInfo, PersonInfoChange };

export async function changePersonInfo(change: PersonInfoChange): Promise<PersonInfo> {
  const body = await http.post<Envelope<PersonInfo>>("/api/user/changePersonInfo", change);
  if (!body.result) throw new Error("person info missing from the answer");
  return body.result;
}

export const changeMobile = (mobile: string, smsCode: string) => postWrite("/api/user/update/mobile", { mobile, smsCode });

/** Ends the user's other sessions on the server. */
export const changePassword = (oldPassword: string, newPassword: string) =>
  postWrite("/patnavi/ucenter/rest/user/passwd", { oldPassword, newPassword });
