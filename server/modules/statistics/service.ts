import { sql, type Kysely, type RawBuilder } from "kysely";
import { COMPANY_SEGMENTS, isCompanySegment } from "../../../contract/companies";
import { periodMonths, periodProblem, nextDay, RESEARCHER_SEPARATORS, STATISTICS_MAX_YEARS, type StatisticsGroupBy } from "../../../contract/statistics";
import type { Statistics, StatisticsRow, StatisticsTotals } from "../../../contract/schemas/statistics";
import { EVALUATIONS } from "../../../contract/valueSets";
import type { Locale } from "../../../i18n/types";
import type { CityArea } from "../../config";
import type { Dialect } from "../../db/database";
import type { Database, DbTime } from "../../db/schema";
import { parseDateTime, toDbTime } from "../../db/time";
import { AppError } from "../../errors";
import type { ReportFigures } from "./report";
import { text } from "../../i18n";

export interface StatisticsDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  timeZone: string;
  cityAreas: readonly CityArea[] | null;
}

/** A period as the queries take it: the instants of the first day's midnight and of the day after the last. */
interface Bounds {
  from: string;
  to: string;
  start: DbTime;
  end: DbTime;
  /** The owner the figures are limited to (data scope `own`); undefined: every company. */
  ownerId: number | undefined;
}

/** A group's counts before it is labelled. */
interface Counted {
  key: string;
  visits: number;
  companies: number;
}

const num = (value: unknown): number => Number(value ?? 0);

/** Refuses (400) a period that is not two real days in order, at most STATISTICS_MAX_YEARS long. */
function checkPeriod(from: string, to: string): void {
  const problem = periodProblem(from, to);
  if (problem === "tooLong") throw AppError.badRequest(text("server.statistics.tooLong", { years: STATISTICS_MAX_YEARS }));
  if (problem) throw AppError.badRequest(text(`server.statistics.${problem}`));
}

/**
 * The visit figures of a period (POST /api/statistics/visits, the service report). Every figure is
 * one aggregate statement over the records of the period: the records of each company are counted
 * first, reading the statistics index (migration 0014) company by company, so a company visited is
 * one row of that count whatever the number of its visits.
 */
export class VisitStatistics {
  constructor(private readonly deps: StatisticsDeps) {}

  /** The period's instants, or 400. */
  bounds(from: string, to: string, ownerId: number | undefined): Bounds {
    checkPeriod(from, to);
    const { dialect, timeZone } = this.deps;
    const start = parseDateTime(from, timeZone);
    const end = parseDateTime(nextDay(to), timeZone);
    if (!start || !end) throw AppError.badRequest(text("server.statistics.badDate"));
    return { from, to, start: toDbTime(dialect, start), end: toDbTime(dialect, end), ownerId };
  }

  /** `and r.comp_id in (the owner's companies)` when the figures are limited to them. */
  private scope(b: Bounds, column: RawBuilder<unknown> = sql.ref("r.comp_id")): RawBuilder<unknown> {
    return b.ownerId === undefined ? sql`` : sql`and ${column} in (select o.company_id from company_owners o where o.user_id = ${b.ownerId})`;
  }

  private inPeriod(b: Bounds): RawBuilder<unknown> {
    return sql`r.service_time >= ${b.start} and r.service_time < ${b.end} ${this.scope(b)}`;
  }

  /** 1 when the record's account state is opened, else 0, on both engines. */
  private readonly opened = sql`case when r.is_open_patnavi = 'opened' then 1 else 0 end`;

  /** Each company's records in the period: their number and whether one says the account is opened. */
  private perCompany(b: Bounds, extra: RawBuilder<unknown> = sql``): RawBuilder<unknown> {
    return sql`select r.comp_id, count(*) as n, max(${this.opened}) as o ${extra} from service_records r where ${this.inPeriod(b)} group by r.comp_id`;
  }

  private async registered(b: Bounds): Promise<number> {
    const { db } = this.deps;
    const query =
      b.ownerId === undefined
        ? sql<{ c: unknown }>`select count(*) as c from companies`
        : sql<{ c: unknown }>`select count(*) as c from company_owners where user_id = ${b.ownerId}`;
    return num((await query.execute(db)).rows[0]?.c);
  }

  /** Visits, companies visited and companies with an account opened, over the period. */
  async totals(b: Bounds): Promise<StatisticsTotals> {
    const { db } = this.deps;
    const [row, companiesRegistered] = await Promise.all([
      sql<{ c: unknown; v: unknown; p: unknown }>`select count(*) as c, sum(s.n) as v, sum(s.o) as p from (${this.perCompany(b)}) s`.execute(db).then((r) => r.rows[0]),
      this.registered(b),
    ]);
    return { visits: num(row?.v), companies: num(row?.c), companiesRegistered, patnaviOpened: num(row?.p) };
  }

  /** By evaluation, with the totals, in one pass: each company's records of each evaluation. */
  private async byEvaluation(b: Bounds): Promise<{ rows: Counted[]; totals: Omit<StatisticsTotals, "companiesRegistered"> }> {
    const { db } = this.deps;
    const perEvaluation = sql.join(
      EVALUATIONS.map((code, i) => sql`, sum(case when r.comprehensive_evaluation = ${code} then 1 else 0 end) as ${sql.ref(`e${i}`)}`),
      sql``,
    );
    const sums = sql.join(
      EVALUATIONS.map((_, i) => sql`, sum(s.${sql.ref(`e${i}`)}) as ${sql.ref(`v${i}`)}, sum(case when s.${sql.ref(`e${i}`)} > 0 then 1 else 0 end) as ${sql.ref(`c${i}`)}`),
      sql``,
    );
    const row = (await sql<Record<string, unknown>>`select count(*) as c, sum(s.n) as v, sum(s.o) as p ${sums} from (${this.perCompany(b, perEvaluation)}) s`.execute(db)).rows[0] ?? {};
    return {
      rows: EVALUATIONS.map((key, i) => ({ key, visits: num(row[`v${i}`]), companies: num(row[`c${i}`]) })),
      totals: { visits: num(row.v), companies: num(row.c), patnaviOpened: num(row.p) },
    };
  }

  /** By a field of the company (segment, district), with the totals: each company is in one group. */
  private async byCompanyField(b: Bounds, field: "segment" | "district"): Promise<{ rows: Counted[]; totals: Omit<StatisticsTotals, "companiesRegistered"> }> {
    const { db } = this.deps;
    const rows = (
      await sql<{ k: string | null; c: unknown; v: unknown; p: unknown }>`select c.${sql.ref(field)} as k, count(*) as c, sum(s.n) as v, sum(s.o) as p
        from (${this.perCompany(b)}) s join companies c on c.id = s.comp_id group by c.${sql.ref(field)}`.execute(db)
    ).rows;
    const counted = new Map<string, Counted>();
    const totals = { visits: 0, companies: 0, patnaviOpened: 0 };
    for (const row of rows) {
      // Nothing and blank are one group: not set.
      const key = row.k?.trim() ?? "";
      const group = counted.get(key) ?? { key, visits: 0, companies: 0 };
      group.visits += num(row.v);
      group.companies += num(row.c);
      counted.set(key, group);
      totals.visits += num(row.v);
      totals.companies += num(row.c);
      totals.patnaviOpened += num(row.p);
    }
    return { rows: [...counted.values()], totals };
  }

  /**
   * The month (index into `months`) a record's service time falls in, as a binary search over the
   * months' first instants in the platform's zone: exact in any zone, a few comparisons a record.
   */
  private monthOf(months: readonly string[]): RawBuilder<unknown> {
    const { dialect, timeZone } = this.deps;
    const starts = months.map((month) => toDbTime(dialect, parseDateTime(`${month}-01`, timeZone)!));
    const pick = (lo: number, hi: number): RawBuilder<unknown> => {
      if (hi - lo === 1) return sql.lit(lo);
      const mid = (lo + hi) >> 1;
      return sql`case when r.service_time < ${starts[mid]} then ${pick(lo, mid)} else ${pick(mid, hi)} end`;
    };
    return pick(0, months.length);
  }

  /** By month of the service time in the platform's zone; every month of the period, visited or not. */
  private async byMonth(b: Bounds): Promise<Counted[]> {
    const { db } = this.deps;
    const months = periodMonths(b.from, b.to);
    const rows = (
      await sql<{ k: unknown; c: unknown; v: unknown }>`select s.k as k, count(*) as c, sum(s.n) as v
        from (select r.comp_id, ${this.monthOf(months)} as k, count(*) as n from service_records r where ${this.inPeriod(b)} group by r.comp_id, 2) s
        group by s.k`.execute(db)
    ).rows;
    const byIndex = new Map(rows.map((row) => [num(row.k), row]));
    return months.map((key, i) => ({ key, visits: num(byIndex.get(i)?.v), companies: num(byIndex.get(i)?.c) }));
  }

  /**
   * By researcher: the names in each record's researchers text (contract RESEARCHER_SEPARATORS),
   * trimmed; a record counts once for each name it lists. PostgreSQL splits the text with a regular
   * expression, SQLite through json_each over the text made a JSON array.
   */
  private async byResearcher(b: Bounds): Promise<Counted[]> {
    const { db, dialect } = this.deps;
    const separators = `[${RESEARCHER_SEPARATORS.join("")}]`;
    const names =
      dialect === "postgres"
        ? sql`select r.id, r.comp_id, btrim(x.name) as name from service_records r
            cross join lateral regexp_split_to_table(r.researchers, ${separators}) as x(name)
            where r.researchers is not null and ${this.inPeriod(b)}`
        : sql`select j.id, j.comp_id, trim(e.value) as name
            from (select r.id, r.comp_id, ${sqliteJsonArray()} as names from service_records r where r.researchers is not null and ${this.inPeriod(b)}) j,
              json_each(j.names) e
            where json_valid(j.names)`;
    const rows = (
      await sql<{ k: string; c: unknown; v: unknown }>`select t.name as k, count(distinct t.id) as v, count(distinct t.comp_id) as c
        from (${names}) t where t.name <> '' group by t.name`.execute(db)
    ).rows;
    return rows.map((row) => ({ key: row.k, visits: num(row.v), companies: num(row.c) }));
  }

  /** POST /api/statistics/visits: the period's figures by one grouping, labelled in the caller's language. */
  async visits(b: Bounds, groupBy: StatisticsGroupBy, locale: Locale): Promise<Statistics> {
    const registered = this.registered(b);
    let rows: Counted[];
    let totals: Omit<StatisticsTotals, "companiesRegistered">;
    if (groupBy === "evaluation" || groupBy === "segment" || groupBy === "district") {
      ({ rows, totals } = groupBy === "evaluation" ? await this.byEvaluation(b) : await this.byCompanyField(b, groupBy));
    } else {
      const [grouped, all] = await Promise.all([groupBy === "month" ? this.byMonth(b) : this.byResearcher(b), this.totals(b)]);
      rows = grouped;
      totals = all;
    }
    const labelled = await this.labelled(groupBy, rows, locale);
    return { rows: labelled, totals: { visits: totals.visits, companies: totals.companies, companiesRegistered: await registered, patnaviOpened: totals.patnaviOpened } };
  }

  /** The annual service report's figures: the totals and every grouping, segment and district with the companies registered in each. */
  async report(b: Bounds, locale: Locale): Promise<ReportFigures> {
    const [month, researcher, evaluation, segment, district] = await Promise.all(
      (["month", "researcher", "evaluation", "segment", "district"] as const).map((groupBy) => this.visits(b, groupBy, locale)),
    );
    const [segmentRegistered, districtRegistered] = await Promise.all([this.registeredBy(b, "segment"), this.registeredBy(b, "district")]);
    const withRegistered = (rows: StatisticsRow[], registered: Map<string, number>) => {
      const listed = rows.map((row) => ({ ...row, registered: registered.get(row.key) ?? 0 }));
      // Groups with companies but no visit in the period are listed too: their coverage is 0.
      const seen = new Set(rows.map((row) => row.key));
      return [...listed, ...[...registered].filter(([key]) => !seen.has(key)).map(([key, count]) => ({ key, label: key, visits: 0, companies: 0, registered: count }))];
    };
    const districtNames = await this.districtNames([...districtRegistered.keys()].filter((key) => key !== ""));
    const none = text("statistics.none").in(locale);
    return {
      from: b.from,
      to: b.to,
      totals: month.totals,
      month: month.rows,
      researcher: researcher.rows,
      evaluation: evaluation.rows,
      segment: withRegistered(segment.rows, segmentRegistered).map((row) => ({ ...row, label: row.key === "" ? none : row.label })),
      district: withRegistered(district.rows, districtRegistered).map((row) => ({ ...row, label: row.key === "" ? none : (districtNames.get(row.key) ?? row.label) })),
    };
  }

  /** The companies registered (in scope) by segment or district; nothing and blank are one group. */
  private async registeredBy(b: Bounds, field: "segment" | "district"): Promise<Map<string, number>> {
    const { db } = this.deps;
    const rows = (
      await sql<{ k: string | null; c: unknown }>`select c.${sql.ref(field)} as k, count(*) as c from companies c where 1 = 1 ${this.scope(b, sql.ref("c.id"))} group by c.${sql.ref(field)}`.execute(db)
    ).rows;
    const counts = new Map<string, number>();
    for (const row of rows) {
      const key = row.k?.trim() ?? "";
      counts.set(key, (counts.get(key) ?? 0) + num(row.c));
    }
    return counts;
  }

  /** Names for the groups' codes, in the caller's language, and the groups in their order. */
  private async labelled(groupBy: StatisticsGroupBy, rows: Counted[], locale: Locale): Promise<StatisticsRow[]> {
    const none = text("statistics.none").in(locale);
    const byVisits = (a: Counted, b: Counted) => b.visits - a.visits || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
    switch (groupBy) {
      case "month":
        return rows.map((row) => ({ ...row, label: row.key }));
      case "researcher":
        return rows.sort(byVisits).map((row) => ({ ...row, label: row.key }));
      case "evaluation":
        return rows.map((row) => ({ ...row, label: text(`archive.evaluation.${row.key as (typeof EVALUATIONS)[number]}`).in(locale) }));
      case "segment": {
        // Every segment, visited or not, in the value set's order; then any other stored text, then none.
        const found = new Map(rows.map((row) => [row.key, row]));
        const known = COMPANY_SEGMENTS.map((key) => found.get(key) ?? { key, visits: 0, companies: 0 });
        const other = rows.filter((row) => row.key !== "" && !isCompanySegment(row.key)).sort(byVisits);
        const unset = rows.filter((row) => row.key === "");
        return [...known, ...other, ...unset].map((row) => ({
          ...row,
          label: row.key === "" ? none : isCompanySegment(row.key) ? text(`companies.segments.${row.key}`).in(locale) : row.key,
        }));
      }
      case "district": {
        const names = await this.districtNames(rows.map((row) => row.key).filter((key) => key !== ""));
        return rows.sort(byVisits).map((row) => ({ ...row, label: row.key === "" ? none : (names.get(row.key) ?? row.key) }));
      }
    }
  }

  /** A district code's name from CITY_AREAS when configured, else the areas table; free text stays as typed. */
  private async districtNames(codes: string[]): Promise<Map<string, string>> {
    const { cityAreas, db } = this.deps;
    if (cityAreas) return new Map(cityAreas.map((area) => [area.code, area.name]));
    if (codes.length === 0) return new Map();
    const rows = await db.selectFrom("areas").select(["code", "name"]).where("code", "in", codes).execute();
    return new Map(rows.map((row) => [row.code, row.name]));
  }
}

/**
 * SQLite: the record's researchers as a JSON array of its names, `["a","b"]`: backslashes and
 * quotes escaped, control characters a space, each separator the end of one string and the start
 * of the next. A text that still makes no JSON is left out by json_valid rather than failing.
 */
function sqliteJsonArray(): RawBuilder<unknown> {
  let expr: RawBuilder<unknown> = sql`r.researchers`;
  expr = sql`replace(${expr}, '\\', '\\\\')`;
  expr = sql`replace(${expr}, '"', '\\"')`;
  for (const control of [9, 10, 13]) expr = sql`replace(${expr}, char(${sql.lit(control)}), ' ')`;
  // Every separator becomes the first, and the first the break between two strings (the comma in '","' is itself a separator).
  const [first, ...others] = RESEARCHER_SEPARATORS;
  for (const separator of others) expr = sql`replace(${expr}, ${sql.lit(separator)}, ${sql.lit(first)})`;
  expr = sql`replace(${expr}, ${sql.lit(first)}, '","')`;
  return sql`'["' || ${expr} || '"]'`;
}
