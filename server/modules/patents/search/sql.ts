import { sql, type Kysely, type RawBuilder, type Selectable } from "kysely";
import type { CompanySegment } from "../../../../contract/companies";
import { companyNameKey } from "../../../../contract/patents/normalise";
import type { LegalStatus, PatentType } from "../../../../contract/patents/record";
import { parseQuery } from "../../../../contract/patents/tokenizer";
import { PATENT_COUNT_CAP, PATENT_FACET_SIZE, type FacetEntry, type PatentDetail, type PatentFacets, type PatentRow, type PatentSearchResult, type PatentStats } from "../../../../contract/schemas/patents";
import type { Dialect } from "../../../db/database";
import { containsPattern } from "../../../db/like";
import type { Database, PatentFactsTable, PatentsTable } from "../../../db/schema";
import { AppError } from "../../../errors";
import { text } from "../../../i18n";
import type { PatentCount, PatentOrder, PatentPageRequest, PatentQuery, PatentSearchEngine } from "./engine";
import { fts5Match, tsqueryLiteral } from "./fullText";

export const SearchMessages = {
  singleCharacter: text("server.patents.singleCharacter"),
  singleCharacterTooMany: (max: number) => text("server.patents.singleCharacterTooMany", { max }),
} as const;

/** A lone CJK character is looked for by LIKE, a scan: only within this many patents the other filters select. */
export const SINGLE_CHARACTER_SCAN_MAX = 20_000;
/** The years a trend covers. */
const TREND_YEARS = 10;
/** Years the applyYear facet lists, the latest first. */
const YEAR_FACET_SIZE = 20;
const EXPORT_BATCH = 2000;

/** A condition or a table expression, written as SQL: the search's queries are shaped per engine. */
type Fragment = RawBuilder<unknown>;
/** "The patent id in this column is one of the matches", for the facets' and statistics' tables. */
type Among = (column: string) => Fragment;

/** Numbers and codes are searched in the shape they are stored in: upper case, letters, digits (and IPC's slash). */
export const numberKey = (raw: string) => raw.normalize("NFKC").toUpperCase().replace(/[^A-Z0-9]/gu, "");
export const ipcKey = (raw: string) => raw.normalize("NFKC").toUpperCase().replace(/[^A-Z0-9/]/gu, "");

const list = (json: string): string[] => JSON.parse(json) as string[];
const dateOrNull = (value: string) => (value === "" ? null : value);
const asNumber = (value: unknown) => Number(value);

type PatentDbRow = Selectable<PatentsTable>;

function rowOf(row: Pick<PatentDbRow, "id" | "publicationNumber" | "applicationNumber" | "title" | "applicants" | "applyDate" | "publicationDate" | "patentType" | "legalStatus" | "mainIpc" | "segments">): PatentRow {
  const segments = list(row.segments) as CompanySegment[];
  return {
    id: row.id,
    publicationNumber: row.publicationNumber,
    applicationNumber: row.applicationNumber,
    title: row.title,
    applicants: list(row.applicants),
    applyDate: dateOrNull(row.applyDate),
    publicationDate: dateOrNull(row.publicationDate),
    patentType: row.patentType as PatentType,
    legalStatus: row.legalStatus as LegalStatus,
    mainIpc: row.mainIpc,
    segment: segments[0] ?? null,
  };
}

function detailOf(row: PatentDbRow): PatentDetail {
  return {
    ...rowOf(row),
    grantDate: dateOrNull(row.grantDate),
    abstract: row.abstract,
    applicantAddress: row.applicantAddress,
    province: row.province,
    city: row.city,
    district: row.district,
    creditCode: row.creditCode,
    inventors: list(row.inventors),
    ipc: list(row.ipc),
    cpc: list(row.cpc),
    priorityNumbers: list(row.priorityNumbers),
    family: list(row.family),
    citedBy: row.citedBy,
    jurisdiction: row.jurisdiction,
    segments: list(row.segments) as CompanySegment[],
  };
}

const ROW_COLUMNS = [
  "p.id",
  "p.publicationNumber",
  "p.applicationNumber",
  "p.title",
  "p.applicants",
  "p.applyDate",
  "p.publicationDate",
  "p.patentType",
  "p.legalStatus",
  "p.mainIpc",
  "p.segments",
] as const;

/** The sorts a list offers, as the narrow table's columns (their indexes end with the id, the tie-break). */
const SORT_COLUMN = { applyDate: sql.raw("f.apply_date"), publicationDate: sql.raw("f.publication_date") } as const;
/** The latest publication first: what a search list shows when not told otherwise. */
const DEFAULT_ORDER: PatentOrder = { column: "publicationDate", asc: false };

/** What a query asks, as SQL on the narrow table `f` (patent_facts): its conditions, and its keywords' phrases. */
interface Selection {
  /** Phrases of the keywords for the full-text index; none when the query has no keywords of two characters or more. */
  phrases: string[][];
  /** Conditions on `f`: its own columns, or its patent_id among another table's. */
  where: Fragment[];
}

/** Keys in the order both engines' binary collations give them (code points), for the facets counted here. */
const byCountThenKey = (a: FacetEntry, b: FacetEntry) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * The search on the platform's own database, SQLite or PostgreSQL (migration 0017). Filters are
 * conditions on a narrow row a patent (patent_facts) and on the tables of their applicants, IPC
 * codes and segments; keywords go to the full-text index (FTS5, or the tsvector's GIN index) as
 * phrases of bigrams. The wide `patents` row is read only for the page shown.
 */
export class SqlPatentSearch implements PatentSearchEngine {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** `column` starts with `prefix` (upper-case letters, digits and slashes), through an index on both engines. */
  private startsWith(column: string, prefix: string): Fragment {
    return this.dialect === "postgres" ? sql`${sql.raw(column)} like ${`${prefix}%`}` : sql`${sql.raw(column)} glob ${`${prefix}*`}`;
  }

  private contains(column: string, text: string): Fragment {
    return sql`${sql.raw(column)} ${sql.raw(this.dialect === "postgres" ? "ilike" : "like")} ${containsPattern(text)} escape '\\'`;
  }

  /** The patent `id` (a column of the outer query) matches the phrases: one index probe, for walks in another order than the index's. */
  private matchesText(id: string, phrases: string[][]): Fragment {
    return this.dialect === "postgres"
      ? sql`exists (select 1 from patent_search s where s.patent_id = ${sql.raw(id)} and s.search_vector @@ ${tsqueryLiteral(phrases)}::tsquery)`
      : sql`exists (select 1 from patents_fts where patents_fts.rowid = ${sql.raw(id)} and patents_fts match ${fts5Match(phrases)})`;
  }

  /** Every condition but the keywords' phrases and lone characters. */
  private conditions(query: PatentQuery): Fragment[] {
    const where: Fragment[] = [];
    const applicant = query.applicant?.trim() ? companyNameKey(query.applicant) : "";
    if (applicant) where.push(sql`f.patent_id in (select a.patent_id from patent_applicants a where ${this.contains("a.normalised_name", applicant)})`);
    const inventor = query.inventor?.trim();
    if (inventor) where.push(sql`f.patent_id in (select p.id from patents p where ${this.contains("p.inventors", inventor)})`);
    const ipc = ipcKey(query.ipc ?? "");
    if (ipc) where.push(sql`f.patent_id in (select i.patent_id from patent_ipc i where ${this.startsWith("i.code", ipc)})`);
    const number = numberKey(query.number ?? "");
    if (number) {
      where.push(sql`f.patent_id in (select p.id from patents p where ${this.startsWith("p.publication_number", number)} or ${this.startsWith("p.application_key", number)})`);
    }
    if (query.patentType) where.push(sql`f.patent_type = ${query.patentType}`);
    if (query.legalStatus) where.push(sql`f.legal_status = ${query.legalStatus}`);
    // '' is an unknown date and sorts first: a range bounds only the known ones.
    if (query.applyDateBegin || query.applyDateEnd) where.push(sql`f.apply_date >= ${query.applyDateBegin || "0000-00-00"}`);
    if (query.applyDateEnd) where.push(sql`f.apply_date <= ${query.applyDateEnd}`);
    const district = query.district?.trim();
    if (district) where.push(sql`f.district = ${district}`);
    if (query.segment) where.push(sql`f.patent_id in (select s.patent_id from patent_segments s where s.segment = ${query.segment})`);
    const { company } = query;
    if (company) {
      const byName = sql`f.patent_id in (select a.patent_id from patent_applicants a where a.normalised_name = ${company.nameKey})`;
      where.push(company.creditCode === null ? byName : sql`(f.credit_code = ${company.creditCode} or ${byName})`);
    }
    return where;
  }

  /**
   * What a query selects. A keyword of one CJK character is in no bigram: it is looked for by LIKE
   * in title and abstract, only within the other filters' patents and only when they are few
   * enough to scan (refused with a hint otherwise).
   */
  private async selection(query: PatentQuery): Promise<Selection> {
    const { phrases, singleCharacters } = parseQuery(query.q ?? "");
    const selection = { phrases, where: this.conditions(query) };
    if (singleCharacters.length === 0) return selection;
    if (phrases.length === 0 && selection.where.length === 0) throw AppError.badRequest(SearchMessages.singleCharacter);
    const scanned = await this.latestIds(selection, SINGLE_CHARACTER_SCAN_MAX + 1);
    if (scanned.length > SINGLE_CHARACTER_SCAN_MAX) throw AppError.badRequest(SearchMessages.singleCharacterTooMany(SINGLE_CHARACTER_SCAN_MAX));
    return { phrases, where: [...selection.where, ...this.singles(singleCharacters)] };
  }

  /** Each lone character in the title or the abstract, by LIKE (a scan of the patents it is asked of). */
  private singles(characters: readonly string[]): Fragment[] {
    return characters.map(
      (character) => sql`exists (select 1 from patents p where p.id = f.patent_id and (${this.contains("p.title", character)} or ${this.contains("p.abstract", character)}))`,
    );
  }

  /**
   * The matches' ids, the latest first, at most `limit`. With keywords the full-text index leads:
   * FTS5 hands its rowids out newest first and the walk stops at the limit; PostgreSQL's GIN index
   * gives the set, whose rows (an id and a pointer, migration 0017) are few pages.
   */
  private async latestIds(selection: Selection, limit: number): Promise<number[]> {
    const { phrases, where } = selection;
    let query: Fragment;
    if (phrases.length > 0 && where.length === 0 && this.dialect === "sqlite") {
      query = sql`select rowid as id from patents_fts where patents_fts match ${fts5Match(phrases)} order by rowid desc limit ${limit}`;
    } else if (phrases.length === 0) {
      query = sql`select f.patent_id as id from patent_facts f ${this.whereOf(where)} order by f.patent_id desc limit ${limit}`;
    } else if (this.dialect === "postgres") {
      const text = sql`f.patent_id in (select s.patent_id from patent_search s where s.search_vector @@ ${tsqueryLiteral(phrases)}::tsquery)`;
      query = sql`select f.patent_id as id from patent_facts f ${this.whereOf([text, ...where])} order by f.patent_id desc limit ${limit}`;
    } else {
      // CROSS JOIN keeps the full-text table the outer loop, in its own rowid order.
      const text = [sql`patents_fts match ${fts5Match(phrases)}`, sql`f.patent_id = t.rowid`];
      query = sql`select t.rowid as id from patents_fts t cross join patent_facts f ${this.whereOf([...text, ...where])} order by t.rowid desc limit ${limit}`;
    }
    const { rows } = await query.execute(this.db);
    return (rows as { id: number }[]).map((row) => Number(row.id));
  }

  private whereOf(conditions: readonly Fragment[]): Fragment {
    return conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;
  }

  /** Every match, as a condition on the outer query's `id` column: exact, for the statistics and profiles. */
  private among(selection: Selection): Among {
    const where = selection.phrases.length === 0 ? selection.where : [this.matchesText("f.patent_id", selection.phrases), ...selection.where];
    if (where.length === 0) return () => sql`1 = 1`;
    if (selection.phrases.length > 0 && selection.where.length === 0) {
      // Keywords alone: the index's set straight away, not a probe a patent.
      return this.dialect === "postgres"
        ? (column) => sql`${sql.raw(column)} in (select s.patent_id from patent_search s where s.search_vector @@ ${tsqueryLiteral(selection.phrases)}::tsquery)`
        : (column) => sql`${sql.raw(column)} in (select rowid from patents_fts where patents_fts match ${fts5Match(selection.phrases)})`;
    }
    return (column) => sql`${sql.raw(column)} in (select f.patent_id from patent_facts f ${this.whereOf(where)})`;
  }

  /** Patents whose id is in a list read before, passed as one parameter whatever its length. */
  private amongIds(ids: readonly number[]): Among {
    return this.dialect === "postgres"
      ? (column) => sql`${sql.raw(column)} = any(${[...ids]}::int[])`
      : (column) => sql`${sql.raw(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
  }

  private async rows<T>(query: Fragment): Promise<T[]> {
    return (await query.execute(this.db)).rows as T[];
  }

  /**
   * Every facet from one read of the matches' narrow rows (at most the cap's worth), counted here:
   * per-facet GROUP BYs over the applicants' and IPC tables cost a lookup a row each.
   */
  private async facets(among: Among): Promise<PatentFacets> {
    const rows = await this.rows<Pick<Selectable<PatentFactsTable>, "patentType" | "legalStatus" | "district" | "applyYear" | "applicantKeys" | "subclasses" | "segments">>(
      sql`select f.patent_type, f.legal_status, f.district, f.apply_year, f.applicant_keys, f.subclasses, f.segments from patent_facts f where ${among("f.patent_id")}`,
    );
    const counter = () => new Map<string, number>();
    const counters = { patentType: counter(), legalStatus: counter(), district: counter(), applyYear: counter(), ipcClass: counter(), applicant: counter(), segment: counter() };
    /** An applicant facet's key is the normalised name; it shows the least of the names written for it, as MIN() would. */
    const shownName = new Map<string, string>();
    const add = (counts: Map<string, number>, key: string | number | null) => {
      if (key === null || key === "") return;
      const text = String(key);
      counts.set(text, (counts.get(text) ?? 0) + 1);
    };
    for (const row of rows) {
      add(counters.patentType, row.patentType);
      add(counters.legalStatus, row.legalStatus);
      add(counters.district, row.district);
      add(counters.applyYear, row.applyYear);
      for (const subclass of list(row.subclasses)) add(counters.ipcClass, subclass);
      for (const segment of list(row.segments)) add(counters.segment, segment);
      const keys = new Set<string>();
      for (const [key, name] of JSON.parse(row.applicantKeys) as [string, string][]) {
        const shown = shownName.get(key);
        if (shown === undefined || name < shown) shownName.set(key, name);
        keys.add(key);
      }
      for (const key of keys) add(counters.applicant, key);
    }
    const entries = (counts: Map<string, number>) => [...counts].map(([key, count]) => ({ key, count }));
    const top = (counts: Map<string, number>) => entries(counts).sort(byCountThenKey).slice(0, PATENT_FACET_SIZE);
    return {
      patentType: top(counters.patentType),
      legalStatus: top(counters.legalStatus),
      applyYear: entries(counters.applyYear)
        .sort((x, y) => Number(y.key) - Number(x.key))
        .slice(0, YEAR_FACET_SIZE),
      ipcClass: top(counters.ipcClass),
      applicant: top(counters.applicant).map(({ key, count }) => ({ key: shownName.get(key) ?? key, count })),
      segment: entries(counters.segment).sort(byCountThenKey),
      district: top(counters.district),
    };
  }

  /** Applicants by their normalised name, each shown as first written. */
  private async applicants(among: Among, size: number): Promise<{ name: string; count: number }[]> {
    const rows = await this.rows<{ name: string; count: unknown }>(sql`select min(a.name) as name, count(distinct a.patent_id) as count from patent_applicants a
      where ${among("a.patent_id")} group by a.normalised_name order by count desc, a.normalised_name limit ${size}`);
    return rows.map((row) => ({ name: String(row.name), count: asNumber(row.count) }));
  }

  private async ipcBy(among: Among, column: "subclass" | "group_code", size: number): Promise<{ code: string; count: number }[]> {
    const rows = await this.rows<{ code: string; count: unknown }>(sql`select i.${sql.raw(column)} as code, count(distinct i.patent_id) as count from patent_ipc i
      where ${among("i.patent_id")} group by i.${sql.raw(column)} order by count desc, code limit ${size}`);
    return rows.map((row) => ({ code: row.code, count: asNumber(row.count) }));
  }

  private async segments(among: Among): Promise<{ segment: CompanySegment; count: number }[]> {
    const rows = await this.rows<{ segment: string; count: unknown }>(
      sql`select s.segment, count(*) as count from patent_segments s where ${among("s.patent_id")} group by s.segment order by count desc, s.segment`,
    );
    return rows.map((row) => ({ segment: row.segment as CompanySegment, count: asNumber(row.count) }));
  }

  private orderBy(orders: readonly PatentOrder[] | undefined): Fragment {
    const columns = (orders?.length ? orders : [DEFAULT_ORDER]).map((order) => sql`${SORT_COLUMN[order.column]} ${sql.raw(order.asc ? "asc" : "desc")}`);
    return sql`order by ${sql.join([...columns, sql`f.patent_id desc`])}`;
  }

  /**
   * A page of ids in the list's order: among the ids read when they are all the matches, else by
   * walking the sort's index and probing each patent (its keywords through the full-text index),
   * which stops as soon as the page is full.
   */
  private async pageIds(selection: Selection, found: readonly number[] | null, page: PatentPageRequest): Promise<number[]> {
    const where =
      found === null
        ? [...(selection.phrases.length > 0 ? [this.matchesText("f.patent_id", selection.phrases)] : []), ...selection.where]
        : [this.amongIds(found)("f.patent_id")];
    const rows = await this.rows<{ id: number }>(
      sql`select f.patent_id as id from patent_facts f ${this.whereOf(where)} ${this.orderBy(page.orders)} limit ${page.limit} offset ${page.offset}`,
    );
    return rows.map((row) => Number(row.id));
  }

  /** The wide rows of the ids, in the ids' order. */
  private async listed(ids: readonly number[]): Promise<PatentRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom("patents as p").select(ROW_COLUMNS).where("p.id", "in", ids).execute();
    const byId = new Map(rows.map((row) => [row.id, rowOf(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * The matches are read once, as ids, the latest first, up to one past the cap: their number is
   * the count, and the page and the facets are then read by id instead of searching again. Above
   * the cap the facets count the cap's worth of matches, the latest imported, so a broad query
   * costs what a narrow one does and still answers the same on both engines.
   */
  async search(query: PatentQuery, page: PatentPageRequest): Promise<PatentSearchResult> {
    const selection = await this.selection(query);
    const found = await this.latestIds(selection, PATENT_COUNT_CAP + 1);
    const capped = found.length > PATENT_COUNT_CAP;
    const counted = found.slice(0, PATENT_COUNT_CAP);
    const among = this.amongIds(counted);
    const [ids, facets] = await Promise.all([this.pageIds(selection, capped ? null : counted, page), this.facets(among)]);
    return { records: await this.listed(ids), total: counted.length, totalCapped: capped, facets };
  }

  async count(query: PatentQuery, cap: number): Promise<PatentCount> {
    const found = await this.latestIds(await this.selection(query), cap + 1);
    return found.length > cap ? { total: cap, capped: true } : { total: found.length, capped: false };
  }

  async *scan(query: PatentQuery, orders: readonly PatentOrder[] | undefined, max: number): AsyncGenerator<PatentDetail[]> {
    const selection = await this.selection(query);
    for (let offset = 0; offset < max; offset += EXPORT_BATCH) {
      const limit = Math.min(EXPORT_BATCH, max - offset);
      const ids = await this.pageIds(selection, null, { offset, limit, orders });
      if (ids.length > 0) {
        const rows = await this.db.selectFrom("patents").selectAll().where("id", "in", ids).execute();
        const byId = new Map(rows.map((row) => [row.id, detailOf(row)]));
        yield ids.flatMap((id) => byId.get(id) ?? []);
      }
      if (ids.length < limit) return;
    }
  }

  async stats(query: PatentQuery, year: number): Promise<PatentStats> {
    const among = this.among(await this.selection(query));
    const first = year - TREND_YEARS + 1;
    const perYear = (column: "apply_year" | "grant_year") =>
      this.rows<{ year: unknown; count: unknown }>(sql`select f.${sql.raw(column)} as year, count(*) as count from patent_facts f
        where f.${sql.raw(column)} between ${first} and ${year} and ${among("f.patent_id")} group by f.${sql.raw(column)}`).then(
        (rows) => new Map(rows.map((row) => [Number(row.year), asNumber(row.count)])),
      );
    const [applications, grants, topApplicants, ipc, segments] = await Promise.all([
      perYear("apply_year"),
      perYear("grant_year"),
      this.applicants(among, PATENT_FACET_SIZE),
      this.ipcBy(among, "subclass", PATENT_FACET_SIZE),
      this.segments(among),
    ]);
    const trend = Array.from({ length: TREND_YEARS }, (_, index) => first + index).map((y) => ({
      year: y,
      applications: applications.get(y) ?? 0,
      grants: grants.get(y) ?? 0,
    }));
    return { trend, topApplicants, ipc, segments };
  }

  async ipcGroups(query: PatentQuery, size: number): Promise<{ code: string; count: number }[]> {
    return this.ipcBy(this.among(await this.selection(query)), "group_code", size);
  }

  async matching(query: PatentQuery, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const { phrases, singleCharacters } = parseQuery(query.q ?? "");
    const where = [
      this.amongIds(ids)("f.patent_id"),
      ...(phrases.length > 0 ? [this.matchesText("f.patent_id", phrases)] : []),
      ...this.conditions(query),
      ...this.singles(singleCharacters),
    ];
    const rows = await this.rows<{ id: number }>(sql`select f.patent_id as id from patent_facts f ${this.whereOf(where)} order by f.patent_id`);
    return rows.map((row) => Number(row.id));
  }

  async byId(id: number): Promise<PatentDetail | undefined> {
    const row = await this.db.selectFrom("patents").selectAll().where("id", "=", id).executeTakeFirst();
    return row && detailOf(row);
  }
}
