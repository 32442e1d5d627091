import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { columnTypes } from "./columns";

/**
 * What stops abuse across every server process: the request counters of the rate limits (when no
 * Redis holds them), one row per limit and client address and window; and the id tokens already
 * exchanged through the vcpwd grant, by hash, so that each signs in once. Both tables keep a row
 * only until its expiry, and are swept by it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  await db.schema
    .createTable("rate_limit_counters")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("reset_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limit_counters_reset_idx").on("rate_limit_counters").column("reset_at").execute();

  await db.schema
    .createTable("used_id_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("used_id_tokens_expires_idx").on("used_id_tokens").column("expires_at").execute();
}
