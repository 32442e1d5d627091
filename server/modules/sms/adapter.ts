import type { Kysely } from "kysely";
import type { SmsScene } from "../../../contract/account";
import type { Dialect } from "../../db/database";
import type { Database } from "../../db/schema";
import { toDbTime } from "../../db/time";
import type { Logger } from "../../logger";

export interface SmsMessage {
  mobile: string;
  scene: SmsScene;
  /** The full text as the phone shows it, signature included. */
  content: string;
}

/**
 * Where outbound SMS go (DESIGN.md "Runtime"). A gateway of an SMS provider implements this; it
 * throws when the message could not be handed over.
 */
export interface SmsAdapter {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The default adapter: nothing leaves the server. Each message is recorded in `sms_outbox` and
 * logged, where a developer or a test reads the code.
 */
export class OutboxSmsAdapter implements SmsAdapter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly log: Logger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db
      .insertInto("smsOutbox")
      .values({ ...message, createdAt: toDbTime(this.dialect, new Date()) })
      .execute();
    this.log.info({ sms: message }, "sms recorded in the outbox");
  }
}
