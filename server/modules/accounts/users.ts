import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { text } from "../../i18n";

export const MobileMessages = {
  bad: text("server.users.badMobile"),
  /** Asked for a registration code, or a new number, that an account already holds. */
  taken: text("server.accounts.mobileRegistered"),
  unknown: text("server.accounts.mobileUnknown"),
} as const;

/**
 * Who holds a username or a mobile number. A username stays taken after its account is deleted
 * (the column is unique); a mobile number is free again, so it can be registered anew.
 */
export async function usernameTaken(db: Kysely<Database>, username: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirst();
  return row !== undefined;
}

export async function userByMobile(db: Kysely<Database>, mobile: string): Promise<{ id: number; username: string } | undefined> {
  return db
    .selectFrom("users")
    .select(["id", "username"])
    .where("mobile", "=", mobile)
    .where("deleted", "=", 0)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

export async function userIdByMobile(db: Kysely<Database>, mobile: string): Promise<number | undefined> {
  return (await userByMobile(db, mobile))?.id;
}
