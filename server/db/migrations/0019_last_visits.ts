import { sql, type Kysely } from "kysely";
import type { Dialect } from "../database";
import { columnTypes } from "./columns";

/**
 * The follow-up badge on every page (issue 11 item 3, issue 13 item 4): a company's latest visit
 * that is not voided, with its service and next follow-up times, kept a row a company, so the
 * follow-ups read 5,000 narrow rows instead of probing the records' index and reading a wide record
 * a company on every call. It is kept with the visit counts of migration 0016, by the same marks and
 * recount (server/modules/statistics/counts.ts). On SQLite that migration's update trigger watches
 * the counted columns only; it is made to watch the next follow-up time too (PostgreSQL's statement
 * triggers mark every update already).
 *
 * Emptying the counted zone makes the next refresh recount every company, which fills the table
 * for the records already there.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable("last_visits")
    .addColumn("comp_id", "integer", (c) => c.primaryKey())
    .addColumn("record_id", "integer", (c) => c.notNull())
    .addColumn("service_time", t.timestamp, (c) => c.notNull())
    .addColumn("next_follow_time", t.timestamp)
    .execute();
  if (dialect === "sqlite") {
    const watched = "comp_id, service_time, comprehensive_evaluation, is_open_patnavi, voided_at, next_follow_time";
    const mark = (comp: string) => `insert or ignore into visit_counts_dirty (comp_id) values (${comp});`;
    await sql`drop trigger service_records_update_visit_counts`.execute(db);
    await sql
      .raw(`create trigger service_records_update_visit_counts after update of ${watched} on service_records begin ${mark("old.comp_id")} ${mark("new.comp_id")} end`)
      .execute(db);
  }
  await sql`update visit_counts_zone set time_zone = ''`.execute(db);
}
