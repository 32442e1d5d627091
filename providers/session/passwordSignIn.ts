import { requestToken, toTokenRecord } from "./tokenGrant";
import { establishSession } from "./userSession";

/** What the login form submits. The password lives only in this call; nothing stores it. */
export interface PasswordCredentials {
  username: string;
  password: string;
  /** The captcha's id and the code the user read from it. */
  vid: string;
  vcode: string;
}

/** SPEC 3 login parameters through the password grant, then the session. Resolves with where to go next. */
export async function signInWithPassword({ username, password, vid, vcode }: PasswordCredentials): Promise<string> {
  const answer = await requestToken({ grant_type: "password", username, password, vid, vcode, auth_code: "" });
  return establishSession(toTokenRecord(answer, false), "password");
}
