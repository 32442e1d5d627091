import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Dialect } from "../../db/database";
import type { Database, IdpAccountsTable } from "../../db/schema";
import { toDbTime } from "../../db/time";
import type { Logger } from "../../logger";
import { hashPassword, verifyPassword } from "../../security/password";

export type IdpAccount = Selectable<IdpAccountsTable>;

/**
 * The development provider's test accounts (README and the browser tests sign in with them). Both
 * phone numbers are verified, so vcpwd can link them to a platform user with the same mobile.
 */
export const TEST_ACCOUNTS = [
  { username: "zhangsan", password: "Zhangsan123", name: "张三", phoneNumber: "13800000001" },
  { username: "lisi", password: "Lisi12345", name: "李四", phoneNumber: "13800000002" },
] as const;

/** Idempotent: creates the missing test accounts; a concurrent start that got there first wins. */
export async function seedTestAccounts(db: Kysely<Database>, dialect: Dialect, log: Logger): Promise<void> {
  const existing = new Set((await db.selectFrom("idpAccounts").select("username").execute()).map((a) => a.username));
  for (const account of TEST_ACCOUNTS) {
    if (existing.has(account.username)) continue;
    const inserted = await db
      .insertInto("idpAccounts")
      .values({
        sub: randomUUID(),
        username: account.username,
        passwordHash: await hashPassword(account.password),
        name: account.name,
        phoneNumber: account.phoneNumber,
        phoneVerified: 1,
        createdAt: toDbTime(dialect, new Date()),
      })
      .onConflict((oc) => oc.column("username").doNothing())
      .executeTakeFirst();
    if (inserted.numInsertedOrUpdatedRows) log.info({ username: account.username }, "development SSO test account created");
  }
}

export function findIdpAccount(db: Kysely<Database>, sub: string): Promise<IdpAccount | undefined> {
  return db.selectFrom("idpAccounts").selectAll().where("sub", "=", sub).executeTakeFirst();
}

/** The account whose password this is, or null; the caller does not learn which of the two was wrong. */
export async function checkIdpCredentials(db: Kysely<Database>, username: string, password: string): Promise<IdpAccount | null> {
  const account = await db.selectFrom("idpAccounts").selectAll().where("username", "=", username).executeTakeFirst();
  if (!account) return null;
  return (await verifyPassword(account.passwordHash, password)) ? account : null;
}

/** The claims of the scopes the app asks for (SPEC 7: openid profile phone). */
export function claimsOf(account: IdpAccount): Record<string, unknown> {
  return {
    sub: account.sub,
    name: account.name,
    preferred_username: account.username,
    phone_number: account.phoneNumber ?? undefined,
    phone_number_verified: account.phoneVerified === 1,
  };
}
