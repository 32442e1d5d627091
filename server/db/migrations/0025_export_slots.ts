import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { columnTypes } from "./columns";

/**
 * The exports running across every server process (server/plugins/exportSlots.ts): a row per slot
 * taken, named by its limit and number ("all:3", "user:42:1"), held by one request until it ends or
 * its lease runs out.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable("export_slots")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("export_slots_holder_idx").on("export_slots").column("holder").execute();
}
