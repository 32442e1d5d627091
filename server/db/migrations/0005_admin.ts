import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { columnTypes } from "./columns";

/**
 * User administration: a deleted account keeps its row (its name stays on what it wrote) but
 * gives its mobile number back for a new account; the number it had and when it was deleted are
 * kept beside it for the record.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable("users").addColumn("deleted_mobile", "text").execute();
  await db.schema.alterTable("users").addColumn("deleted_at", t.timestamp).execute();
}
