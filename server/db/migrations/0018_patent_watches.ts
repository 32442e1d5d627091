import { sql, type Kysely } from "kysely";
import type { Dialect } from "../database";
import { columnTypes } from "./columns";

/**
 * Patent watches (issue 12 item 6): a user's saved search, applicant or IPC group, and the patents
 * each watch has already matched, so that a patent is announced once a watch, whichever import
 * (and however often the same file) brings it and whichever server process runs that import.
 *
 * The notification centre (migration 0013) keyed its rows by (user, kind, day), one digest a day;
 * a watch writes one notice a matched patent, so the key gains `ref` (what the notice is about,
 * '' for the digest): (user, kind, day, ref).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // model: the search the watch matches as, canonical JSON (keys sorted, empty fields left out), so
  // that the same watch saved twice by one user is caught by the unique key.
  await db.schema
    .createTable("patent_watches")
    .addColumn("id", "integer", t.autoId)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, t.createdNow)
    .addUniqueConstraint("patent_watches_user_model_key", ["user_id", "kind", "model"])
    .execute();

  // The patents a watch has matched (and announced, one by one or in a summary). The primary key
  // makes INSERT … ON CONFLICT DO NOTHING the one decision of "new"; clustered by watch on SQLite.
  const hits = db.schema
    .createTable("patent_watch_hits")
    .addColumn("watch_id", "integer", (c) => c.notNull().references("patent_watches.id").onDelete("cascade"))
    .addColumn("patent_id", "integer", (c) => c.notNull().references("patents.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, t.createdNow)
    .addPrimaryKeyConstraint("patent_watch_hits_pkey", ["watch_id", "patent_id"]);
  await (dialect === "sqlite" ? hits.modifyEnd(sql`without rowid`) : hits).execute();
  // A patent's deletion cascades through this index.
  await db.schema.createIndex("patent_watch_hits_patent_idx").on("patent_watch_hits").column("patent_id").execute();

  if (dialect === "postgres") {
    await sql`alter table notifications add column ref text not null default ''`.execute(db);
    await sql`alter table notifications drop constraint notifications_user_kind_day_key`.execute(db);
    await sql`alter table notifications add constraint notifications_user_kind_day_ref_key unique (user_id, kind, day, ref)`.execute(db);
    return;
  }
  // SQLite cannot drop a table's constraint: the table is written anew with the new key, its rows
  // copied (nothing references it).
  await db.schema
    .createTable("notifications_next")
    .addColumn("id", "integer", t.autoId)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("ref", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("params", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", t.timestamp, t.createdNow)
    .addColumn("read_at", t.timestamp)
    .addUniqueConstraint("notifications_user_kind_day_ref_key", ["user_id", "kind", "day", "ref"])
    .execute();
  await sql`insert into notifications_next (id, user_id, kind, day, ref, params, created_at, read_at)
    select id, user_id, kind, day, '', params, created_at, read_at from notifications`.execute(db);
  await sql`drop table notifications`.execute(db);
  await sql`alter table notifications_next rename to notifications`.execute(db);
  await db.schema.createIndex("notifications_user_idx").on("notifications").columns(["user_id", "id"]).execute();
}
