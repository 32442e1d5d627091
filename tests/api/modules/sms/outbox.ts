import type { SmsScene } from "../../../../contract/account";
import type { App } from "../../../../server/types";
import { multipartBody } from "../../helpers/multipart";

/** Asks for a code as the app does: multipart fields mobile and scene. */
export function requestSmsCode(app: App, mobile: string, scene: SmsScene | string) {
  const { payload, headers } = multipartBody([
    { name: "mobile", content: mobile },
    { name: "scene", content: scene },
  ]);
  return app.inject({ method: "POST", url: "/api/notify/smscode", payload, headers });
}

/** The code in the latest message the outbox adapter recorded for the number. */
export async function lastSmsCode(app: App, mobile: string): Promise<string> {
  const row = await app.db
    .selectFrom("smsOutbox")
    .select("content")
    .where("mobile", "=", mobile)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  const code = /验证码为 (\d{6})，/.exec(row.content)?.[1];
  if (!code) throw new Error(`no code in ${row.content}`);
  return code;
}

/** Sends a code and reads it back; fails the test when the server refused. */
export async function smsCode(app: App, mobile: string, scene: SmsScene): Promise<string> {
  const res = await requestSmsCode(app, mobile, scene);
  if (res.statusCode !== 200) throw new Error(`sms code refused: ${res.body}`);
  return lastSmsCode(app, mobile);
}

/** Any other code than the one given, of the same form. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
