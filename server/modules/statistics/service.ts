import { sql, type Kysely, type RawBuilder } from "kysely";
import { COMPANY_SEGMENTS, isCompanySegment } from "../../../contract/companies";
import { periodMonths, periodProblem, nextDay, STATISTICS_MAX_YEARS, type StatisticsGroupBy } from "../../../contract/statistics";
import type { Statistics, StatisticsRow, StatisticsTotals } from "../../../contract/schemas/statistics";
import { EVALUATIONS } from "../../../contract/valueSets";
import type { Locale } from "../../../i18n/types";
import type { CityArea } from "../../config";
import type { Dialect } from "../../db/database";
import type { Database, DbTime } from "../../db/schema";
import { parseDateTime, toDbTime } from "../../db/time";
import { AppError } from "../../errors";
import { VisitCounts } from "./counts";
import type { ReportFigures } from "./report";
import { text } from "../../i18n";

export interface StatisticsDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  timeZone: string;
  cityAreas: readonly CityArea[] | null;
}

/** A period as the queries take it: its whole months from the counts, the days of its partial months from the records. */
interface Bounds {
  from: string;
  to: string;
  /** The whole months of the period (202501), or null when it covers none. */
  months: { first: number; last: number } | null;
  /** The instants [start, end) of the period outside its whole months: none, one or two ranges. */
  edges: { start: DbTime; end: DbTime }[];
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
const monthKey = (month: string) => Number(month.slice(0, 4)) * 100 + Number(month.slice(5, 7));

/** Refuses (400) a period that is not two real days in order, at most STATISTICS_MAX_YEARS long. */
function checkPeriod(from: string, to: string): void {
  const problem = periodProblem(from, to);
  if (problem === "tooLong") throw AppError.badRequest(text("server.statistics.tooLong", { years: STATISTICS_MAX_YEARS }));
  if (problem) throw AppError.badRequest(text(`server.statistics.${problem}`));
}

/**
 * The visit figures of a period (POST /api/statistics/visits, the service report). Voided records
 * are no visits. The period's whole months are read from the visits counted per company and month
 * (counts.ts, migration 0016: a row a company and year, a column a month), its partial first and last months from the records' service-time
 * index; each figure is one aggregate statement over both, per company first, so a company visited
 * is one row whatever the number of its visits.
 */
export class VisitStatistics {
  private readonly counts: VisitCounts;

  constructor(private readonly deps: StatisticsDeps) {
    this.counts = new VisitCounts(deps);
  }

  /** The period's whole months and the instants of its other days, or 400. */
  bounds(from: string, to: string, ownerId: number | undefined): Bounds {
    checkPeriod(from, to);
    const { dialect, timeZone } = this.deps;
    const instant = (day: string) => {
      const date = parseDateTime(day, timeZone);
      if (!date) throw AppError.badRequest(text("server.statistics.badDate"));
      return toDbTime(dialect, date);
    };
    const months = periodMonths(from, to);
    const after = nextDay(to);
    const firstWhole = from.endsWith("-01") ? 0 : 1;
    const lastWhole = after.endsWith("-01") ? months.length - 1 : months.length - 2;
    if (firstWhole > lastWhole) return { from, to, months: null, edges: [{ start: instant(from), end: instant(after) }], ownerId };
    const wholeStart = `${months[firstWhole]}-01`;
    const wholeEnd = lastWhole + 1 < months.length ? `${months[lastWhole + 1]}-01` : after;
    const edges = [];
    if (from < wholeStart) edges.push({ start: instant(from), end: instant(wholeStart) });
    if (wholeEnd < after) edges.push({ start: instant(wholeEnd), end: instant(after) });
    return { from, to, months: { first: monthKey(months[firstWhole]), last: monthKey(months[lastWhole]) }, edges, ownerId };
  }

  /** `and <column> in (the owner's companies)` when the figures are limited to them. */
  private scope(b: Bounds, column: RawBuilder<unknown>): RawBuilder<unknown> {
    return b.ownerId === undefined ? sql`` : sql`and ${column} in (select o.company_id from company_owners o where o.user_id = ${b.ownerId})`;
  }

  /** The rows of visit_years (or visit_researcher_years) `m` of the years the whole months touch. */
  private inYears(b: Bounds): RawBuilder<unknown> {
    const { first, last } = b.months!;
    return sql`m.year between ${Math.floor(first / 100)} and ${Math.floor(last / 100)} ${this.scope(b, sql.ref("m.comp_id"))}`;
  }

  /** A row's count (`v` visits, `o` opened, `excellent_` …) over the whole months of the period: the sum of those months' columns. */
  private overMonths(b: Bounds, prefix: string): RawBuilder<unknown> {
    const { first, last } = b.months!;
    const [firstYear, lastYear] = [Math.floor(first / 100), Math.floor(last / 100)];
    // A whole year is its own column.
    const columns = (from: number, to: number) =>
      from === 1 && to === 12
        ? sql.ref(`m.${prefix}0`)
        : sql`(${sql.join(
            Array.from({ length: to - from + 1 }, (_, i) => sql.ref(`m.${prefix}${from + i}`)),
            sql` + `,
          )})`;
    if (firstYear === lastYear) return columns(first % 100, last % 100);
    if (first % 100 === 1 && last % 100 === 12) return columns(1, 12);
    return sql`case m.year when ${sql.lit(firstYear)} then ${columns(first % 100, 12)} when ${sql.lit(lastYear)} then ${columns(1, last % 100)} else ${columns(1, 12)} end`;
  }

  /** The records of the period's partial months that count: not voided, in scope. */
  private inEdges(b: Bounds): RawBuilder<unknown> {
    const ranges = b.edges.map((edge) => sql`(r.service_time >= ${edge.start} and r.service_time < ${edge.end})`);
    return sql`(${sql.join(ranges, sql` or `)}) and r.voided_at is null ${this.scope(b, sql.ref("r.comp_id"))}`;
  }

  /** The counted rows and the records of the partial months, as one set of rows. */
  private both(b: Bounds, counted: (() => RawBuilder<unknown>) | null, edges: () => RawBuilder<unknown>): RawBuilder<unknown> {
    const parts = [...(b.months && counted ? [counted()] : []), ...(b.edges.length > 0 ? [edges()] : [])];
    return sql.join(parts, sql` union all `);
  }

  /** Each company's visits in the period: their number, whether one says the account is opened, and those of each evaluation. */
  private perCompany(b: Bounds): RawBuilder<unknown> {
    const evaluations = sql.join(EVALUATIONS.map((code, i) => sql`, case when r.comprehensive_evaluation = ${code} then 1 else 0 end as ${sql.ref(`e${i}`)}`), sql``);
    const rows = this.both(
      b,
      () => sql`select m.comp_id, ${this.overMonths(b, "v")} as n, case when ${this.overMonths(b, "o")} > 0 then 1 else 0 end as o
          ${sql.join(EVALUATIONS.map((code, i) => sql`, ${this.overMonths(b, `${code}_`)} as ${sql.ref(`e${i}`)}`), sql``)}
        from visit_years m where ${this.inYears(b)}`,
      () => sql`select r.comp_id, 1 as n, case when r.is_open_patnavi = 'opened' then 1 else 0 end as o ${evaluations} from service_records r where ${this.inEdges(b)}`,
    );
    const sums = sql.join(EVALUATIONS.map((_, i) => sql`, sum(x.${sql.ref(`e${i}`)}) as ${sql.ref(`e${i}`)}`), sql``);
    // A company's year can hold visits only outside the period's months: it is no company visited.
    return sql`select x.comp_id, sum(x.n) as n, max(x.o) as o ${sums} from (${rows}) x group by x.comp_id having sum(x.n) > 0`;
  }

  private async registered(b: Bounds): Promise<number> {
    const { db } = this.deps;
    const query =
      b.ownerId === undefined
        ? sql<{ c: unknown }>`select count(*) as c from companies`
        : sql<{ c: unknown }>`select count(*) as c from company_owners where user_id = ${b.ownerId}`;
    return num((await query.execute(db)).rows[0]?.c);
  }

  /** Visits, companies visited and companies with an account opened, over the period, and by evaluation, in one pass. */
  private async byEvaluation(b: Bounds): Promise<{ rows: Counted[]; totals: Omit<StatisticsTotals, "companiesRegistered"> }> {
    const { db } = this.deps;
    const sums = sql.join(
      EVALUATIONS.map((_, i) => sql`, sum(s.${sql.ref(`e${i}`)}) as ${sql.ref(`v${i}`)}, sum(case when s.${sql.ref(`e${i}`)} > 0 then 1 else 0 end) as ${sql.ref(`c${i}`)}`),
      sql``,
    );
    const row = (await sql<Record<string, unknown>>`select count(*) as c, sum(s.n) as v, sum(s.o) as p ${sums} from (${this.perCompany(b)}) s`.execute(db)).rows[0] ?? {};
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
   * The month (202501) a record's service time falls in, as a binary search over the months' first
   * instants in the platform's zone: exact in any zone, a few comparisons a record.
   */
  private monthOf(months: readonly string[]): RawBuilder<unknown> {
    const { dialect, timeZone } = this.deps;
    const starts = months.map((month) => toDbTime(dialect, parseDateTime(`${month}-01`, timeZone)!));
    const pick = (lo: number, hi: number): RawBuilder<unknown> => {
      if (hi - lo === 1) return sql.lit(monthKey(months[lo]));
      const mid = (lo + hi) >> 1;
      return sql`case when r.service_time < ${starts[mid]} then ${pick(lo, mid)} else ${pick(mid, hi)} end`;
    };
    return pick(0, months.length);
  }

  /** By month of the service time in the platform's zone; every month of the period, visited or not. */
  private async byMonth(b: Bounds): Promise<Counted[]> {
    const { db } = this.deps;
    const months = periodMonths(b.from, b.to);
    const counted = new Map<number, { visits: number; companies: number }>();
    const whole = async () => {
      if (!b.months) return;
      const { first, last } = b.months;
      const perMonth = sql.join(
        Array.from({ length: 12 }, (_, i) => sql`, sum(m.${sql.ref(`v${i + 1}`)}) as ${sql.ref(`v${i + 1}`)}, sum(case when m.${sql.ref(`v${i + 1}`)} > 0 then 1 else 0 end) as ${sql.ref(`c${i + 1}`)}`),
        sql``,
      );
      const rows = (await sql<Record<string, unknown>>`select m.year as y ${perMonth} from visit_years m where ${this.inYears(b)} group by m.year`.execute(db)).rows;
      for (const row of rows) {
        for (let month = 1; month <= 12; month++) {
          const key = num(row.y) * 100 + month;
          if (key >= first && key <= last) counted.set(key, { visits: num(row[`v${month}`]), companies: num(row[`c${month}`]) });
        }
      }
    };
    const edges = async () => {
      if (b.edges.length === 0) return;
      const rows = (
        await sql<{ k: unknown; c: unknown; v: unknown }>`select s.k, count(distinct s.comp_id) as c, count(*) as v
          from (select ${this.monthOf(months)} as k, r.comp_id from service_records r where ${this.inEdges(b)}) s group by s.k`.execute(db)
      ).rows;
      for (const row of rows) counted.set(num(row.k), { visits: num(row.v), companies: num(row.c) });
    };
    await Promise.all([whole(), edges()]);
    return months.map((key) => ({ key, visits: counted.get(monthKey(key))?.visits ?? 0, companies: counted.get(monthKey(key))?.companies ?? 0 }));
  }

  /**
   * By researcher: the users linked to the records (service_record_researchers), a record once for
   * each; the records with no linked user are one group, key "".
   */
  private async byResearcher(b: Bounds): Promise<Counted[]> {
    const { db } = this.deps;
    const rows = this.both(
      b,
      () => sql`select m.user_id, m.comp_id, ${this.overMonths(b, "v")} as n from visit_researcher_years m where ${this.inYears(b)}`,
      () => sql`select coalesce(l.user_id, 0) as user_id, r.comp_id, 1 as n
        from service_records r left join service_record_researchers l on l.record_id = r.id where ${this.inEdges(b)}`,
    );
    const counted = (
      await sql<{ k: unknown; c: unknown; v: unknown }>`select t.user_id as k, count(*) as c, sum(t.n) as v
        from (select x.user_id, x.comp_id, sum(x.n) as n from (${rows}) x group by x.user_id, x.comp_id having sum(x.n) > 0) t group by t.user_id`.execute(db)
    ).rows;
    return counted.map((row) => ({ key: num(row.k) === 0 ? "" : String(num(row.k)), visits: num(row.v), companies: num(row.c) }));
  }

  /** Recounts the companies whose records changed since the last call (counts.ts). */
  refresh(): Promise<void> {
    return this.counts.refresh();
  }

  /** POST /api/statistics/visits: the period's figures by one grouping, labelled in the caller's language. */
  async visits(b: Bounds, groupBy: StatisticsGroupBy, locale: Locale): Promise<Statistics> {
    await this.counts.refresh();
    return this.figures(b, groupBy, locale);
  }

  private async figures(b: Bounds, groupBy: StatisticsGroupBy, locale: Locale): Promise<Statistics> {
    const registered = this.registered(b);
    let rows: Counted[];
    let totals: Omit<StatisticsTotals, "companiesRegistered">;
    if (groupBy === "segment" || groupBy === "district") {
      ({ rows, totals } = await this.byCompanyField(b, groupBy));
    } else if (groupBy === "evaluation") {
      ({ rows, totals } = await this.byEvaluation(b));
    } else {
      const [grouped, all] = await Promise.all([groupBy === "month" ? this.byMonth(b) : this.byResearcher(b), this.byEvaluation(b)]);
      rows = grouped;
      totals = all.totals;
    }
    const labelled = await this.labelled(groupBy, rows, locale);
    return { rows: labelled, totals: { visits: totals.visits, companies: totals.companies, companiesRegistered: await registered, patnaviOpened: totals.patnaviOpened } };
  }

  /** The annual service report's figures: the totals and every grouping, segment and district with the companies registered in each. */
  async report(b: Bounds, locale: Locale): Promise<ReportFigures> {
    await this.counts.refresh();
    const [month, researcher, evaluation, segment, district] = await Promise.all(
      (["month", "researcher", "evaluation", "segment", "district"] as const).map((groupBy) => this.figures(b, groupBy, locale)),
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
      case "researcher": {
        const names = await this.userNames(rows.map((row) => Number(row.key)).filter((id) => id > 0));
        const linked = rows.filter((row) => row.key !== "").sort(byVisits);
        const unlinked = rows.filter((row) => row.key === "");
        return [
          ...linked.map((row) => ({ ...row, label: names.get(Number(row.key)) ?? row.key })),
          ...unlinked.map((row) => ({ ...row, label: text("statistics.unlinked").in(locale) })),
        ];
      }
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

  private async userNames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.deps.db.selectFrom("users").select(["id", "name"]).where("id", "in", ids).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
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
