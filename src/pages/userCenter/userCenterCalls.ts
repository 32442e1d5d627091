import type { CertificationState } from "../../../contract/account";
import type { Envelope } from "../../../contract/envelope";
import { http } from "../../../providers/http";
import { postWrite } from "../login/writeCall";

/** The signed-in user as /uaa/accounts/getUserInfo answers. */
export interface UserInfo {
  id: string | number;
  username: string;
  name: string | null;
  /** File id of the avatar image. */
  avatar: string | null;
  mobile: string | null;
  email: string | null;
  roles: unknown[];
  company: { id: string | number; name: string } | null;
  certification: { state: CertificationState; rejectReason: string | null } | null;
  mustChangePassword: boolean;
}

export async function fetchUserInfo(): Promise<UserInfo> {
  const body = await http.post<Envelope<UserInfo>>("/uaa/accounts/getUserInfo");
  if (!body.result) throw new Error("user info missing from the answer");
  return body.result;
}

export interface PersonInfoChange {
  name?: string;
  avatar?: string | null;
  email?: string | null;
}

export interface PersonInfo {
  id: string | number;
  name: string | null;
  avatar: string | null;
  email: string | null;
  mobile: string | null;
}

export async function changePersonInfo(change: PersonInfoChange): Promise<PersonInfo> {
  const body = await http.post<Envelope<PersonInfo>>("/api/user/changePersonInfo", change);
  if (!body.result) throw new Error("person info missing from the answer");
  return body.result;
}

export const changeMobile = (mobile: string, smsCode: string) => postWrite("/api/user/update/mobile", { mobile, smsCode });

/** Ends the user's other sessions on the server. */
export const changePassword = (oldPassword: string, newPassword: string) =>
  postWrite("/patnavi/ucenter/rest/user/passwd", { oldPassword, newPassword });
