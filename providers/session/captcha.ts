import type { Envelope } from "../../contract/envelope";
import type { CaptchaImage as Captcha } from "../../contract/schemas/auth";
import { http } from "../http";

/** GET /uaa/identity/captcha: the id the sign-in sends back as vid, and the picture as a data: URL. */
export type { Captcha };

/** Silent: the login form shows a failed captcha in place of the picture. */
export async function loadCaptcha(): Promise<Captcha> {
  const answer = await http.get<Envelope<Captcha>>("/uaa/identity/captcha", { noAuth: true, silent: true });
  if (!answer.result?.vid || !answer.result.image) throw new Error("captcha answer without vid or image");
  return answer.result;
}
