import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { columnTypes } from "./columns";

/**
 * Follow-ups and the notification centre (issue 11 item 3).
 *
 * A follow-up is derived, not stored: a company's latest visit (by service time, then id; the
 * listing index of migration 0008 finds it with one probe a company) with a next follow-up time
 * and no closure, or the company's "no visit for N days" rule. What is stored is what people
 * decide: the rule, and the closures with their notes.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // An administrator's "no visit for N days" rule (7, 15 or 30), one a company at most.
  await db.schema
    .createTable("company_followup_rules")
    .addColumn("comp_id", "integer", (c) => c.primaryKey().references("companies.id").onDelete("cascade"))
    .addColumn("days", "integer", (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("users.id"))
    .addColumn("updated_at", t.timestamp, t.createdNow)
    .execute();

  // A follow-up closed with a note: who, when, why. record_id is the visit whose follow-up it
  // closed (null for a company never visited); the company's newest closure restarts its rule.
  await db.schema
    .createTable("followup_closures")
    .addColumn("id", "integer", t.autoId)
    .addColumn("comp_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("record_id", "integer", (c) => c.references("service_records.id").onDelete("cascade"))
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("closed_by", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("closed_at", t.timestamp, t.createdNow)
    .execute();
  await db.schema.createIndex("followup_closures_record_idx").on("followup_closures").column("record_id").execute();
  await db.schema.createIndex("followup_closures_company_idx").on("followup_closures").columns(["comp_id", "closed_at"]).execute();

  // The in-app notification centre. The unique key makes the daily digest one per user and day,
  // whichever server process writes it (INSERT … ON CONFLICT DO NOTHING).
  await db.schema
    .createTable("notifications")
    .addColumn("id", "integer", t.autoId)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("params", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", t.timestamp, t.createdNow)
    .addColumn("read_at", t.timestamp)
    .addUniqueConstraint("notifications_user_kind_day_key", ["user_id", "kind", "day"])
    .execute();
  await db.schema.createIndex("notifications_user_idx").on("notifications").columns(["user_id", "id"]).execute();
}
