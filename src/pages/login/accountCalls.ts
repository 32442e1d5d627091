import type { Envelope } from "../../../contract/envelope";
import type { Registration, SmsScene } from "../../../contract/account";
import type { InfoExists, PasswordReset } from "../../../contract/schemas/accounts";
import type { SmsCodeTiming } from "../../../contract/schemas/sms";
import { http } from "../../../providers/http";
import { postWrite } from "./writeCall";

/** How long the code lives and when another may be asked for, both in seconds. */
export type { SmsCodeTiming };

/** Sends an SMS code; the server answers 429 with its reason when asked too soon or too often. */
export async function sendSmsCode(mobile: string, scene: SmsScene): Promise<SmsCodeTiming | undefined> {
  const form = new FormData();
  form.append("mobile", mobile);
  form.append("scene", scene);
  const body = await http.post<Envelope<SmsCodeTiming>>("/api/notify/smscode", form, { noAuth: true });
  return body.result;
}

export type ExistsField = "username" | "mobile";

/** Whether a username or mobile number is already taken; silent, since it runs as the user types. */
export async function infoExists(type: ExistsField, value: string): Promise<boolean> {
  const body = await http.post<Envelope<InfoExists>>(
    "/api/user/infoExists",
    { type, value },
    { noAuth: true, silent: true },
  );
  return body.result?.exists === true;
}

export type { Registration };

export const register = (registration: Registration) =>
  postWrite<{ id: string | number }>("/api/user/register", registration, { noAuth: true });

export type { PasswordReset };

export const resetPassword = (reset: PasswordReset) => postWrite("/api/user/forgetPwd", reset, { noAuth: true });
