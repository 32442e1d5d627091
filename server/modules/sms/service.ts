import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { SMS_CODE_TTL_MS, SMS_MAX_PER_HOUR, SMS_RESEND_AFTER_MS, type SmsScene } from "../../../contract/account";
import { ErrorCode } from "../../../contract/envelope";
import type { Dialect } from "../../db/database";
import type { Database } from "../../db/schema";
import { fromDbTime, toDbTime } from "../../db/time";
import { AppError } from "../../errors";
import { text, type ServerText } from "../../i18n";
import type { Logger } from "../../logger";
import type { App } from "../../types";
import { OutboxSmsAdapter, type SmsAdapter } from "./adapter";

/** Wrong codes a code survives: after that many, guessing the remaining ones is pointless. */
export const SMS_MAX_ATTEMPTS = 5;
const HOUR_MS = 3_600_000;

export const SmsMessages = {
  invalidCode: text("server.sms.invalidCode"),
  tooOften: text("server.sms.tooOften"),
  sendFailed: text("server.sms.sendFailed"),
  resendIn: (seconds: number) => text("server.sms.resendIn", { seconds }),
} as const;

const tooManyRequests = (message: ServerText) => new AppError(ErrorCode.TOO_MANY_REQUESTS, message);

/** The code's fingerprint: it only matches for the number and purpose it was sent for. */
function hashCode(mobile: string, scene: SmsScene, code: string): string {
  return createHash("sha256").update(`${mobile}:${scene}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

interface SmsCodesOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  adapter: SmsAdapter;
  /** The sender's name in brackets at the start of every message, as Chinese SMS require. */
  signature: string;
  log: Logger;
}

/**
 * SMS verification codes: six random digits, stored only as a hash, living SMS_CODE_TTL_MS. Per
 * number, a new code is sent at most once per SMS_RESEND_AFTER_MS and SMS_MAX_PER_HOUR times an
 * hour. Only the latest code of a number and purpose counts, it works once, and it dies after
 * SMS_MAX_ATTEMPTS wrong tries.
 */
export class SmsCodes {
  constructor(private readonly options: SmsCodesOptions) {}

  async send(mobile: string, scene: SmsScene): Promise<void> {
    const { db, dialect, adapter, signature, log } = this.options;
    const code = String(randomInt(1_000_000)).padStart(6, "0");
    const now = new Date();
    const id = await db.transaction().execute(async (trx) => {
      // Serialises the check and the insert per number across the processes sharing PostgreSQL;
      // SQLite runs one transaction at a time anyway.
      if (dialect === "postgres") await sql`select pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`.execute(trx);
      const recent = await trx
        .selectFrom("smsCodes")
        .select("createdAt")
        .where("mobile", "=", mobile)
        .where("createdAt", ">", toDbTime(dialect, new Date(now.getTime() - HOUR_MS)))
        .orderBy("createdAt", "desc")
        .execute();
      const latest = recent[0];
      if (latest) {
        const waitMs = fromDbTime(latest.createdAt).getTime() + SMS_RESEND_AFTER_MS - now.getTime();
        if (waitMs > 0) throw tooManyRequests(SmsMessages.resendIn(Math.ceil(waitMs / 1000)));
      }
      if (recent.length >= SMS_MAX_PER_HOUR) throw tooManyRequests(SmsMessages.tooOften);
      const row = await trx
        .insertInto("smsCodes")
        .values({
          mobile,
          scene,
          codeHash: hashCode(mobile, scene, code),
          expiresAt: toDbTime(dialect, new Date(now.getTime() + SMS_CODE_TTL_MS)),
          createdAt: toDbTime(dialect, now),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    });

    const minutes = SMS_CODE_TTL_MS / 60_000;
    try {
      await adapter.send({ mobile, scene, content: `【${signature}】您的验证码为 ${code}，${minutes}分钟内有效。` });
    } catch (error) {
      log.error({ err: error, mobile, scene }, "sms could not be sent");
      // A code that never arrived must not count against the number's limits.
      await db.deleteFrom("smsCodes").where("id", "=", id).execute();
      throw AppError.unavailable(SmsMessages.sendFailed);
    }
  }

  /**
   * Checks a code without using it up, so that a request refused for another reason leaves it
   * valid; a wrong code counts against the code. Answers the code's id for `consume`.
   */
  async check(mobile: string, scene: SmsScene, code: string): Promise<number> {
    const { db } = this.options;
    const latest = await db
      .selectFrom("smsCodes")
      .select(["id", "codeHash", "expiresAt", "usedAt", "attempts"])
      .where("mobile", "=", mobile)
      .where("scene", "=", scene)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    const alive =
      latest !== undefined &&
      latest.usedAt === null &&
      latest.attempts < SMS_MAX_ATTEMPTS &&
      fromDbTime(latest.expiresAt).getTime() > Date.now();
    if (!alive) throw AppError.badRequest(SmsMessages.invalidCode);
    if (!sameHash(latest.codeHash, hashCode(mobile, scene, code))) {
      await db
        .updateTable("smsCodes")
        .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
        .where("id", "=", latest.id)
        .execute();
      throw AppError.badRequest(SmsMessages.invalidCode);
    }
    return latest.id;
  }

  /**
   * Uses a checked code up, inside the transaction of what it confirms: of two requests racing
   * with one code, only one gets here first, and the other's transaction is rolled back.
   */
  async consume(trx: Transaction<Database>, id: number): Promise<void> {
    const { numUpdatedRows } = await trx
      .updateTable("smsCodes")
      .set({ usedAt: toDbTime(this.options.dialect, new Date()) })
      .where("id", "=", id)
      .where("usedAt", "is", null)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) throw AppError.badRequest(SmsMessages.invalidCode);
  }
}

/** The platform's SMS codes, sent through the default adapter. */
export function smsCodesFor(app: App): SmsCodes {
  return new SmsCodes({
    db: app.db,
    dialect: app.dialect,
    adapter: new OutboxSmsAdapter(app.db, app.dialect, app.log),
    signature: app.config.site.associationName,
    log: app.log,
  });
}
