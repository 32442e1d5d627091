import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { columnTypes } from "./columns";

/**
 * Issue 11 item 5: a saved visit record is corrected, never silently. Each record has a version
 * that every edit raises, so a save based on an older one is refused; each changed field of an
 * edit is kept in record_history (before, after, editor, time), and so is a voiding, which keeps
 * the record with its reason instead of deleting it. A voided record no longer counts as a visit
 * (statistics, follow-ups, reports) but stays in the archive, marked, with its history.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable("service_records").addColumn("version", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable("service_records").addColumn("voided_at", t.timestamp).execute();
  await db.schema.alterTable("service_records").addColumn("voided_by", "integer", (c) => c.references("users.id")).execute();
  await db.schema.alterTable("service_records").addColumn("void_reason", "text").execute();

  // One row a changed field of an edit, or one row for a voiding (field "voided", after = reason).
  // comp_id is the record's company at the time, so the company's timeline (item 8) reads its own
  // rows through one index.
  await db.schema
    .createTable("record_history")
    .addColumn("id", "integer", t.autoId)
    .addColumn("record_id", "integer", (c) => c.notNull().references("service_records.id").onDelete("cascade"))
    .addColumn("comp_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("before_value", "text")
    .addColumn("after_value", "text")
    .addColumn("edited_by", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("edited_at", t.timestamp, t.createdNow)
    .execute();
  await db.schema.createIndex("record_history_record_idx").on("record_history").columns(["record_id", "id"]).execute();
  await db.schema.createIndex("record_history_company_idx").on("record_history").columns(["comp_id", "edited_at"]).execute();
  await db.schema.createIndex("answer_history_company_idx").on("answer_history").columns(["comp_id", "create_date"]).execute();
}
