import type { Kysely } from "kysely";
import type { Dialect } from "../database";

/**
 * Issue 11: a visit record's researchers are users (several), linked here, while the record's
 * `researchers` text keeps their names (with any free-text names) for SPEC's contains filter; and
 * the list of every visit across companies (/visits, POST /api/archives/visits/listData), newest
 * service time first, reads its first pages from an index over all records rather than sorting
 * them. Its researcher filter starts from the user's links; its company-name order walks the
 * companies' unique name index.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("service_record_researchers")
    .addColumn("record_id", "integer", (c) => c.notNull().references("service_records.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("service_record_researchers_pk", ["record_id", "user_id"])
    .execute();
  await db.schema.createIndex("service_record_researchers_user_idx").on("service_record_researchers").columns(["user_id", "record_id"]).execute();
  await db.schema.createIndex("service_records_time_idx").on("service_records").columns(["service_time desc", "id desc"]).execute();
}
