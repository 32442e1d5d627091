import { createHash, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import svgCaptcha from "svg-captcha";
import { CAPTCHA_TTL_MS } from "../../../contract/account";
import { toDbTime } from "../../db/time";

type CaptchaDeps = Pick<FastifyInstance, "db" | "dialect" | "config">;

const CAPTCHA_LENGTH = 4;
/** No characters that read alike once distorted (0/O/o, 1/I/l/i/j, 2/Z, 5/S, 8/B, 9/g/q, u/v). */
const ALPHABET = "ACDEFHJKMNPRTWXYabdefhkmnprtwxy3467";

/** svg-captcha's typings omit its main export, which draws a text it is given. */
type DrawOptions = NonNullable<Parameters<typeof svgCaptcha.create>[0]>;
const draw = svgCaptcha as unknown as (text: string, options: DrawOptions) => string;

/** Answers are compared case-insensitively and without surrounding spaces. */
function answerHash(vid: string, answer: string): Buffer {
  return createHash("sha256").update(`${vid}:${answer.trim().toLowerCase()}`).digest();
}

export interface Captcha {
  vid: string;
  /** A data: URL of the SVG image. */
  image: string;
}

/**
 * A new distorted-text captcha. Its answer is kept as a hash, bound to its vid, in the database,
 * so that any server process can check it. CAPTCHA_FIXED_CODE (tests only) makes every answer that code.
 */
export async function createCaptcha(app: CaptchaDeps): Promise<Captcha> {
  const text = app.config.captchaFixedCode ?? Array.from({ length: CAPTCHA_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  const svg = draw(text, { width: 120, height: 40, fontSize: 42, noise: 3, color: true, background: "#f2f4f7" });
  const vid = randomUUID();
  const now = new Date();
  await app.db.deleteFrom("captchas").where("expiresAt", "<", toDbTime(app.dialect, now)).execute();
  await app.db
    .insertInto("captchas")
    .values({
      id: vid,
      answerHash: answerHash(vid, text).toString("hex"),
      expiresAt: toDbTime(app.dialect, new Date(now.getTime() + CAPTCHA_TTL_MS)),
      usedAt: null,
    })
    .execute();
  return { vid, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/**
 * True when the code answers the captcha. Any attempt, right or wrong, uses the captcha up, so
 * each guess costs a new image; an expired or used captcha answers nothing.
 */
export async function consumeCaptcha(app: CaptchaDeps, vid: string, code: string): Promise<boolean> {
  const now = toDbTime(app.dialect, new Date());
  const row = await app.db
    .updateTable("captchas")
    .set({ usedAt: now })
    .where("id", "=", vid)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .returning("answerHash")
    .executeTakeFirst();
  if (!row) return false;
  return timingSafeEqual(Buffer.from(row.answerHash, "hex"), answerHash(vid, code));
}
