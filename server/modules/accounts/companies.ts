import type { Transaction } from "kysely";
import type { Dialect } from "../../db/database";
import type { Database } from "../../db/schema";
import { toDbTime } from "../../db/time";

export const COMPANY_NAME_MAX = 100;

/**
 * The company of that exact name, created when there is none yet. Two registrations naming a
 * new company at once both end up with the one row: the loser of the insert reads the winner's.
 */
export async function companyIdByName(trx: Transaction<Database>, dialect: Dialect, name: string): Promise<number> {
  const found = await trx.selectFrom("companies").select("id").where("name", "=", name).executeTakeFirst();
  if (found) return found.id;
  const now = toDbTime(dialect, new Date());
  const created = await trx
    .insertInto("companies")
    .values({ name, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column("name").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (created) return created.id;
  const raced = await trx.selectFrom("companies").select("id").where("name", "=", name).executeTakeFirstOrThrow();
  return raced.id;
}
