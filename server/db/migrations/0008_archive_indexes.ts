import type { Kysely } from "kysely";

/**
 * The archive page filters one company's records by evaluation and contact person and counts
 * them; with those columns in the index after the listing order, the count and the page's ids
 * come from the index alone, without reading a table row per record of the company (on SQLite
 * always, on PostgreSQL once vacuum has marked the pages visible). Researchers stay out: the text
 * has no length limit, and PostgreSQL refuses an index entry over about 2.7 KB. The new index
 * starts with the old one's columns, which makes the old one redundant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("service_records_company_listing_idx")
    .on("service_records")
    .columns(["comp_id", "service_time desc", "id desc", "comprehensive_evaluation", "contact_person"])
    .execute();
  await db.schema.dropIndex("service_records_company_time_idx").execute();
}
