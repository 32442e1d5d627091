import { sql, type Kysely } from "kysely";
import type { Dialect } from "../../db/database";
import type { Database, DbTime } from "../../db/schema";
import { EVALUATIONS, type Evaluation } from "../../../contract/valueSets";
import { formatDate, fromDbTime } from "../../db/time";

/** Companies recounted a statement at a time: a few thousand records each, well under the engines' bound-parameter limits. */
const BATCH = 200;
/** 67 values a row of visit_years: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const ROWS_PER_INSERT = 400;

/** The year and month (1-12) of a service time in the platform's zone. */
function yearMonth(time: Date, timeZone: string): [number, number] {
  const day = formatDate(time, timeZone);
  return [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
}

/** 0 is the whole year. */
const MONTHS = Array.from({ length: 13 }, (_, i) => i);
const COUNTED = ["v", "o", ...EVALUATIONS.map((code) => `${code}_`)];
/** visit_years' columns (migration 0016): v0..v12, o0..o12, excellent_0..average_12. */
const YEAR_COLUMNS = COUNTED.flatMap((prefix) => MONTHS.map((month) => `${prefix}${month}`));
const RESEARCHER_COLUMNS = MONTHS.map((month) => `v${month}`);

/**
 * The visits counted per company and month (migration 0016) that the statistics read, and each
 * company's latest visit (migration 0019) that the follow-ups read. Triggers mark a company
 * whenever its records or their researcher links are written, in the writer's own transaction, so
 * no write path has to call anything; `refresh` recounts the marked companies from their records
 * before either is read, so what they read equals the records.
 */
export class VisitCounts {
  private zoneSet = false;

  constructor(private readonly deps: { db: Kysely<Database>; dialect: Dialect; timeZone: string }) {}

  /** Recounts every company marked since the last refresh (all of them when the zone changed). */
  async refresh(): Promise<void> {
    const { db, timeZone } = this.deps;
    if (!this.zoneSet) {
      // The row lock (PostgreSQL) or the write lock (SQLite) lets one process mark every company.
      await db.transaction().execute(async (trx) => {
        const changed = await sql`update visit_counts_zone set time_zone = ${timeZone} where time_zone <> ${timeZone}`.execute(trx);
        if (Number(changed.numAffectedRows ?? 0) > 0) {
          await sql`insert into visit_counts_dirty (comp_id) select id from companies where true on conflict do nothing`.execute(trx);
        }
      });
      this.zoneSet = true;
    }
    const pending = await sql<{ comp: number }>`select comp_id as comp from visit_counts_dirty limit 1`.execute(db);
    if (pending.rows.length === 0) return;
    await db.transaction().execute(async (trx) => {
      // Taking the marks and recounting in one transaction: a writer marking a company meanwhile
      // waits for it (PostgreSQL's row lock, SQLite's one writer) and its mark stays for the next refresh.
      // One-word names: the app's camel-case plugin renames the columns of every result.
      const marked = (await sql<{ comp: number }>`delete from visit_counts_dirty returning comp_id as comp`.execute(trx)).rows.map((row) => Number(row.comp));
      for (let at = 0; at < marked.length; at += BATCH) await this.recount(trx, marked.slice(at, at + BATCH));
    });
  }

  /** Replaces the counts of these companies with those of their records that are not voided. */
  private async recount(trx: Kysely<Database>, compIds: number[]): Promise<void> {
    const { timeZone } = this.deps;
    const ids = sql.join(compIds);
    await sql`delete from visit_years where comp_id in (${ids})`.execute(trx);
    await sql`delete from visit_researcher_years where comp_id in (${ids})`.execute(trx);
    await sql`delete from last_visits where comp_id in (${ids})`.execute(trx);
    const records = (
      await sql<{ id: number; comp: number; time: DbTime; next: DbTime | null; e: string | null; o: string | null }>`select r.id, r.comp_id as comp,
          r.service_time as time, r.next_follow_time as next, r.comprehensive_evaluation as e, r.is_open_patnavi as o
        from service_records r where r.comp_id in (${ids}) and r.voided_at is null`.execute(trx)
    ).rows;
    const links = (
      await sql<{ rec: number; usr: number }>`select l.record_id as rec, l.user_id as usr from service_record_researchers l
        join service_records r on r.id = l.record_id where r.comp_id in (${ids}) and r.voided_at is null`.execute(trx)
    ).rows;
    const usersOf = new Map<number, number[]>();
    for (const link of links) {
      const users = usersOf.get(Number(link.rec));
      if (users) users.push(Number(link.usr));
      else usersOf.set(Number(link.rec), [Number(link.usr)]);
    }

    // Per company and year, and per researcher, company and year: the counts in YEAR_COLUMNS' order.
    const years = new Map<string, { comp: number; year: number; counts: number[] }>();
    const researchers = new Map<string, { user: number; comp: number; year: number; counts: number[] }>();
    // A company's latest visit: the greatest service time, then id.
    const latest = new Map<number, { id: number; at: number; record: (typeof records)[number] }>();
    for (const record of records) {
      const comp = Number(record.comp);
      const id = Number(record.id);
      const time = fromDbTime(record.time);
      const last = latest.get(comp);
      if (!last || time.getTime() > last.at || (time.getTime() === last.at && id > last.id)) latest.set(comp, { id, at: time.getTime(), record });
      const [year, month] = yearMonth(time, timeZone);
      const key = `${comp}:${year}`;
      let row = years.get(key);
      if (!row) years.set(key, (row = { comp, year, counts: new Array<number>(YEAR_COLUMNS.length).fill(0) }));
      const add = (counted: number) => {
        row.counts[13 * counted] += 1;
        row.counts[13 * counted + month] += 1;
      };
      add(0);
      if (record.o === "opened") add(1);
      const evaluation = EVALUATIONS.indexOf(record.e as Evaluation);
      if (evaluation >= 0) add(2 + evaluation);
      // A visit with no linked user counts under user 0.
      for (const user of usersOf.get(id) ?? [0]) {
        const userKey = `${user}:${key}`;
        let counted = researchers.get(userKey);
        if (!counted) researchers.set(userKey, (counted = { user, comp, year, counts: new Array<number>(13).fill(0) }));
        counted.counts[0] += 1;
        counted.counts[month] += 1;
      }
    }
    const yearColumns = sql.join(YEAR_COLUMNS.map((column) => sql.ref(column)));
    const yearRows = [...years.values()];
    for (let at = 0; at < yearRows.length; at += ROWS_PER_INSERT) {
      const values = yearRows.slice(at, at + ROWS_PER_INSERT).map((row) => sql`(${row.comp}, ${row.year}, ${sql.join(row.counts)})`);
      await sql`insert into visit_years (comp_id, year, ${yearColumns}) values ${sql.join(values)}`.execute(trx);
    }
    const lastRows = [...latest.entries()];
    for (let at = 0; at < lastRows.length; at += ROWS_PER_INSERT) {
      const values = lastRows.slice(at, at + ROWS_PER_INSERT).map(([comp, last]) => sql`(${comp}, ${last.id}, ${last.record.time}, ${last.record.next})`);
      await sql`insert into last_visits (comp_id, record_id, service_time, next_follow_time) values ${sql.join(values)}`.execute(trx);
    }
    const researcherColumns = sql.join(RESEARCHER_COLUMNS.map((column) => sql.ref(column)));
    const researcherRows = [...researchers.values()];
    for (let at = 0; at < researcherRows.length; at += ROWS_PER_INSERT) {
      const values = researcherRows.slice(at, at + ROWS_PER_INSERT).map((row) => sql`(${row.user}, ${row.comp}, ${row.year}, ${sql.join(row.counts)})`);
      await sql`insert into visit_researcher_years (user_id, comp_id, year, ${researcherColumns}) values ${sql.join(values)}`.execute(trx);
    }
  }
}
