import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { columnTypes } from "./columns";

/** Knock-door visit records of a company (SPEC 3 enterForm). */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable("service_records")
    .addColumn("id", "integer", t.autoId)
    .addColumn("comp_id", "integer", (c) => c.notNull().references("companies.id"))
    .addColumn("researchers", "text")
    .addColumn("contact_person", "text")
    .addColumn("contact_person_phone", "text")
    .addColumn("contact_person_position", "text")
    .addColumn("cooperative_partner", "text", (c) => c.notNull())
    .addColumn("belong_customer", "text", (c) => c.notNull())
    .addColumn("business_opportunity", "text", (c) => c.notNull())
    .addColumn("comprehensive_evaluation", "text", (c) => c.notNull().defaultTo("average"))
    .addColumn("is_open_patnavi", "text", (c) => c.notNull().defaultTo("notOpened"))
    .addColumn("main_business", "text", (c) => c.notNull())
    .addColumn("service_content", "text", (c) => c.notNull())
    .addColumn("service_time", t.timestamp, (c) => c.notNull())
    .addColumn("next_follow_time", t.timestamp)
    .addColumn("attachment", "text", (c) => c.references("files.id"))
    .addColumn("create_by", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("create_date", t.timestamp, t.createdNow)
    .addColumn("update_by", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("update_date", t.timestamp, t.createdNow)
    .execute();
  // The archive page lists one company's records, newest service time first.
  await db.schema
    .createIndex("service_records_company_time_idx")
    .on("service_records")
    .columns(["comp_id", "service_time desc", "id desc"])
    .execute();
}
