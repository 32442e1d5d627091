import { sql, type Kysely } from "kysely";
import type { Dialect } from "../database";

/** The months 1-12, and 0 for the whole year. */
const MONTHS = Array.from({ length: 13 }, (_, i) => i);
/**
 * A month's counts in visit_years: v visits, o those marking the account opened, and those of each
 * overall evaluation (contract/valueSets.ts EVALUATIONS, written out: a migration never changes);
 * v0, o0, excellent_0 … the year's, so that a period of whole years reads one column a count.
 */
const VISIT_YEAR_COLUMNS = ["v", "o", "excellent_", "good_", "average_"].flatMap((prefix) => MONTHS.map((month) => `${prefix}${month}`));

/**
 * 服务统计 at 200 ms on 1,000,000 records (issue 11): the figures read visits counted per company
 * and month (in the platform's zone) instead of the records themselves: a row a company and year,
 * a few tens of thousands of rows for five years instead of a million records.
 *
 * - visit_years: a company's visits (not voided) in each month of a year (v1..v12, v0 the year's),
 *   those marking the patent-navigation account opened (o0..o12), and those of each overall
 *   evaluation (excellent_0..average_12);
 * - visit_researcher_years: the visits of a company in each month of a year by each linked
 *   researcher (a user id; 0 for visits with no linked user), a visit once for each researcher;
 * - visit_counts_dirty: the companies whose counts no longer match their records. Triggers mark a
 *   company in the transaction that writes its records or their researcher links, whichever code
 *   writes them, and the statistics recount the marked companies before they read
 *   (server/modules/statistics/counts.ts), so the figures always equal a count of the records;
 * - visit_counts_zone: the zone the months were counted in; another TIME_ZONE recounts them all.
 *
 * Existing records are counted by the first statistics call, which finds no zone yet.
 * The records' service-time index with the counted columns lets the days of a period's partial
 * first and last months be counted from the index alone.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // One row a company (and researcher) and year, a column a month: a five-year period reads at
  // most five rows a company, and a month's companies are those with a visit in its column.
  let months = db.schema.createTable("visit_years").addColumn("comp_id", "integer", (c) => c.notNull()).addColumn("year", "integer", (c) => c.notNull());
  for (const column of VISIT_YEAR_COLUMNS) months = months.addColumn(column, "integer", (c) => c.notNull().defaultTo(0));
  // SQLite: the rows in the key's order, read without a lookup from an index into the table.
  const clustered = (builder: typeof months) => (dialect === "sqlite" ? builder.modifyEnd(sql`without rowid`) : builder);
  await clustered(months.addPrimaryKeyConstraint("visit_years_pk", ["comp_id", "year"])).execute();
  let researchers = db.schema
    .createTable("visit_researcher_years")
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("comp_id", "integer", (c) => c.notNull())
    .addColumn("year", "integer", (c) => c.notNull());
  for (const month of MONTHS) researchers = researchers.addColumn(`v${month}`, "integer", (c) => c.notNull().defaultTo(0));
  await clustered(researchers.addPrimaryKeyConstraint("visit_researcher_years_pk", ["user_id", "comp_id", "year"])).execute();
  await db.schema.createIndex("visit_researcher_years_company_idx").on("visit_researcher_years").columns(["comp_id"]).execute();
  await db.schema.createTable("visit_counts_dirty").addColumn("comp_id", "integer", (c) => c.primaryKey()).execute();
  await db.schema.createTable("visit_counts_zone").addColumn("time_zone", "text", (c) => c.notNull()).execute();
  // No zone yet: the first statistics call sets it and counts every company.
  await sql`insert into visit_counts_zone (time_zone) values ('')`.execute(db);

  await db.schema
    .createIndex("service_records_period_idx")
    .on("service_records")
    .columns(["service_time", "comp_id", "comprehensive_evaluation", "is_open_patnavi", "voided_at"])
    .execute();

  if (dialect === "postgres") {
    // Statement triggers with the changed rows as tables: a bulk insert marks each company once.
    await sql`create function visit_counts_mark_records() returns trigger language plpgsql as $$
      begin
        if tg_op in ('INSERT', 'UPDATE') then
          insert into visit_counts_dirty (comp_id) select distinct comp_id from new_rows on conflict do nothing;
        end if;
        if tg_op in ('UPDATE', 'DELETE') then
          insert into visit_counts_dirty (comp_id) select distinct comp_id from old_rows on conflict do nothing;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create function visit_counts_mark_links() returns trigger language plpgsql as $$
      begin
        if tg_op in ('INSERT', 'UPDATE') then
          insert into visit_counts_dirty (comp_id)
            select distinct r.comp_id from new_rows n join service_records r on r.id = n.record_id on conflict do nothing;
        end if;
        if tg_op in ('UPDATE', 'DELETE') then
          insert into visit_counts_dirty (comp_id)
            select distinct r.comp_id from old_rows o join service_records r on r.id = o.record_id on conflict do nothing;
        end if;
        return null;
      end $$`.execute(db);
    const triggers = [
      ["service_records", "insert", "new table as new_rows", "visit_counts_mark_records"],
      ["service_records", "update", "old table as old_rows new table as new_rows", "visit_counts_mark_records"],
      ["service_records", "delete", "old table as old_rows", "visit_counts_mark_records"],
      ["service_record_researchers", "insert", "new table as new_rows", "visit_counts_mark_links"],
      ["service_record_researchers", "update", "old table as old_rows new table as new_rows", "visit_counts_mark_links"],
      ["service_record_researchers", "delete", "old table as old_rows", "visit_counts_mark_links"],
    ] as const;
    for (const [table, event, referencing, fn] of triggers) {
      await sql`create trigger ${sql.raw(`${table}_${event}_visit_counts`)} after ${sql.raw(event)} on ${sql.table(table)}
        referencing ${sql.raw(referencing)} for each statement execute function ${sql.raw(fn)}()`.execute(db);
    }
    return;
  }

  const mark = (comp: string) => `insert or ignore into visit_counts_dirty (comp_id) values (${comp});`;
  const markLink = (row: string) => `insert or ignore into visit_counts_dirty (comp_id) select comp_id from service_records where id = ${row}.record_id;`;
  const counted = "comp_id, service_time, comprehensive_evaluation, is_open_patnavi, voided_at";
  const statements = [
    `create trigger service_records_insert_visit_counts after insert on service_records begin ${mark("new.comp_id")} end`,
    `create trigger service_records_update_visit_counts after update of ${counted} on service_records begin ${mark("old.comp_id")} ${mark("new.comp_id")} end`,
    `create trigger service_records_delete_visit_counts after delete on service_records begin ${mark("old.comp_id")} end`,
    `create trigger service_record_researchers_insert_visit_counts after insert on service_record_researchers begin ${markLink("new")} end`,
    `create trigger service_record_researchers_update_visit_counts after update on service_record_researchers begin ${markLink("old")} ${markLink("new")} end`,
    `create trigger service_record_researchers_delete_visit_counts after delete on service_record_researchers begin ${markLink("old")} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
