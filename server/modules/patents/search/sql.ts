import { sql, type Kysely, type RawBuilder, type Selectable } from "kysely";
import type { CompanySegment } from "../../../../contract/companies";
import { companyNameKey } from "../../../../contract/patents/normalise";
import type { LegalStatus, PatentType } from "../../../../contract/patents/record";
import { parseQuery } from "../../../../contract/patents/tokenizer";
import { PATENT_COUNT_CAP, PATENT_FACET_SAMPLE, PATENT_FACET_SIZE, type FacetEntry, type PatentDetail, type PatentFacets, type PatentRow, type PatentSearchResult, type PatentStats } from "../../../../contract/schemas/patents";
import type { Dialect } from "../../../db/database";
import { containsPattern } from "../../../db/like";
import { inIdOrder } from "../../../db/order";
import type { Database, PatentsTable } from "../../../db/schema";
import { AppError } from "../../../errors";
import { text } from "../../../i18n";
import type { PatentCount, PatentOrder, PatentPageRequest, PatentQuery, PatentSearchEngine, PatentSummary } from "./engine";
import { GenerationKeep, type Keep } from "./cache";
import { FULL_TEXT_DAYS, FULL_TEXT_ID, fts5Match, fullTextKey, keyOfParts, tsqueryLiteral, type TextQuery } from "./fullText";
import { countLatestCodes, idsInAll, latestCodesBytes, latestCodesReader, LIST_MAX, LISTS_BUDGET, inDefaultOrder, listBytes, listOfText, placesBytes, placesOfText, positionsIn, setOfText, type LatestCodes, type MatchList, type PlacesInOrder } from "./lists";
import { codeOf, countCodes, facetOfCode, idOfCode, type Facet } from "./values";

export const SearchMessages = {
  singleCharacter: text("server.patents.singleCharacter"),
  singleCharacterTooMany: (max: number) => text("server.patents.singleCharacterTooMany", { max }),
} as const;

/** A lone CJK character is looked for by LIKE, a scan: only within this many patents the other filters select. */
export const SINGLE_CHARACTER_SCAN_MAX = 20_000;
/**
 * Values one filter may name as terms of the full-text index (an applicant's "contains", an IPC
 * prefix). A broader filter (applicants containing 科技) is a condition on its own table instead.
 */
const TAGS_MAX = 1000;
/**
 * The latest patents (by id) in which PostgreSQL looks for a summary's latest matches by walking
 * them newest first: at about 0.8 us a patent, at most some 40 ms however rarely the query matches.
 */
const HEAD_WINDOW = 50_000;
/**
 * The latest patents whose codes a process keeps in memory (lists.ts, LatestCodes): a sample's
 * other patents are read from the database, some 5 ms a summary on SQLite (a row here, a row
 * there). 600,000 patents' codes weigh some 30 MB of the lists' budget.
 */
const LATEST_CODES = 600_000;
/** The statements the latest patents' codes are read in: at the default, 50,000 patents each, a text of some 7 MB. */
const LATEST_CODES_PARTS = 12;
/** The years a trend covers. */
const TREND_YEARS = 10;
/** Years the applyYear facet lists, the latest first. */
const YEAR_FACET_SIZE = 20;
/** Patents an export reads a statement: on SQLite each one holds the process (some 50-70 ms at this size, 4 times that at 2,000). */
const EXPORT_BATCH = 500;

/** A condition or a table expression, written as SQL: the search's queries are shaped per engine. */
type Fragment = RawBuilder<unknown>;

/** Numbers and codes are searched in the shape they are stored in: upper case, letters, digits (and IPC's slash). */
export const numberKey = (raw: string) => raw.normalize("NFKC").toUpperCase().replace(/[^A-Z0-9]/gu, "");
export const ipcKey = (raw: string) => raw.normalize("NFKC").toUpperCase().replace(/[^A-Z0-9/]/gu, "");

const list = (json: string): string[] => JSON.parse(json) as string[];
const dateOrNull = (value: string) => (value === "" ? null : value);
/** Code-point order, as both engines' binary comparisons give it: the facets' keys are ordered here, never by a collation. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
const ordersOf = (orders: readonly PatentOrder[] | undefined) => (orders?.length ? orders : [DEFAULT_ORDER]);

/**
 * What a query asks, planned: the full-text index's part (keywords' phrases and the filters'
 * tags), conditions on the narrow table `f` (patent_facts) for what the index does not hold, or
 * nothing at all when a filter names a value no patent has.
 */
interface Plan {
  text: TextQuery | null;
  where: Fragment[];
  none: boolean;
}

/** A filter's values, as a condition on patent_facet_values: the values it names. */
type Lookup = Fragment;

/** A query the lists in memory answer (lists.ts): a list of matches, the sets each must be in, and what keeps them (for the generation they were read at). */
interface ListWalk {
  list: MatchList;
  sets: Uint32Array[];
  keep: Keep;
  /** The list in the default order, which its pages are read in: on SQLite the list itself, on PostgreSQL a copy made once. */
  inDefaultOrder(): Promise<MatchList>;
}

/** The latest matches, read once: their number (up to a limit) and their facet codes. */
interface Head {
  count: number;
  codes: Map<number, number>;
  /** Where FTS5's walk of the head ended (SQLite, the full-text index asked): its last rowid, after which counting further reads. */
  walkEnd: bigint | null;
}

/** What a statement over the matches reads: its columns (of `id`, the patent id, and `f`, its patent_facts row), and how. */
interface Reading {
  columns: (id: string) => Fragment;
  /** Whether the columns or the order read `f`. */
  facts: boolean;
  /** More groups of tags, one of which each match must have (a window of months). */
  tagGroups?: readonly (readonly number[])[];
  /** Conditions on `id`. */
  where?: (id: string) => Fragment[];
  /** "latest": the engine's own order (head); on SQLite the default order, FTS5's walk when it is asked. */
  order?: "latest" | Fragment;
  limit?: number;
  offset?: number;
  /**
   * The full-text index gives the whole set first, whose facts are then read (PostgreSQL): for a
   * query made narrow by its tags (a window of months), where the planner, misjudging how few they
   * select, would walk the sort's index testing every patent's vector.
   */
  setFirst?: boolean;
}

interface ValueRow {
  id: number;
  facet: string;
  value: string;
  shown: string | null;
}

interface Ranked {
  key: string;
  count: number;
}

/** The facets whose codes guide the paging of a large result (pageOfMany). */
const MONTH_FACETS: ReadonlySet<Facet> = new Set<Facet>(["applyMonth", "publicationMonth"]);

/** The facets a summary's sample is counted in: those it lists, and the months that guide pageOfMany. */
const SUMMARY_FACETS: readonly Facet[] = ["patentType", "legalStatus", "district", "applyYear", "ipcClass", "applicant", "segment", ...MONTH_FACETS];
/** What the latest patents' codes are kept under (GenerationKeep). */
const LATEST_CODES_KEY = "latest codes";
/** The statistics' facets: the trend's years, the top applicants, the IPC subclasses and the segments. */
const STATS_SIZES: Partial<Record<Facet, number | null>> = { applyYear: null, grantYear: null, applicant: PATENT_FACET_SIZE, ipcClass: PATENT_FACET_SIZE, segment: null };
/** The facets of a patent's codes read by a list walk (the latest codes in memory, the others from the database): a summary's and the statistics'. */
const WALKED_FACETS: readonly Facet[] = [...new Set<Facet>([...SUMMARY_FACETS, ...(Object.keys(STATS_SIZES) as Facet[])])];

/** Unfiltered, the facets and statistics are the kept counts (patent_facet_values.patents), exact over every patent. */
const isUnfiltered = (plan: Plan) => !plan.none && plan.text === null && plan.where.length === 0;

/**
 * The search on the platform's own database, SQLite or PostgreSQL (migrations 0017, 0021 and 0022).
 * Keywords and the filters on facet values are one query of the full-text index (FTS5, or the
 * tsvector's GIN index): the filters are the tags of their values (values.ts), so the index
 * intersects them with the keywords. What it does not hold (numbers, inventors, a date range
 * not aligned on months, a lone character) are conditions on the narrow patent_facts. Facets and
 * statistics count the matches' facet codes, read in one column a match; the wide `patents` row is
 * read only for the page shown. A query the index holds whole has its summary and its default pages
 * read from lists of its matches kept in memory (lists.ts): each list is read from the index once
 * per generation of the patents, and then intersected a machine word at a time.
 */
export class SqlPatentSearch implements PatentSearchEngine {
  private readonly lists: GenerationKeep;

  /**
   * `cap`: above it a count is "cap+" (PATENT_COUNT_CAP); `sample`: the matches a filtered search's
   * facets count at most (PATENT_FACET_SAMPLE); `window`: the latest patents PostgreSQL walks for
   * them (HEAD_WINDOW). The tests lower them to reach them with few patents. `listsBudget`: the
   * bytes of lists of matches kept in memory (lists.ts; 0: none, the database answers every query);
   * `latestCount`: the latest patents whose codes are kept in memory (LATEST_CODES).
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly cap = PATENT_COUNT_CAP,
    private readonly sample = Math.min(PATENT_FACET_SAMPLE, cap),
    private readonly window = HEAD_WINDOW,
    private readonly listsBudget = LISTS_BUDGET,
    private readonly latestCount = LATEST_CODES,
  ) {
    this.lists = new GenerationKeep(db, listsBudget);
  }

  private get postgres() {
    return this.dialect === "postgres";
  }

  /** `column` starts with `prefix` (upper-case letters, digits and slashes), through an index on both engines. */
  private startsWith(column: string, prefix: string): Fragment {
    return this.postgres ? sql`${sql.raw(column)} like ${`${prefix}%`}` : sql`${sql.raw(column)} glob ${`${prefix}*`}`;
  }

  private contains(column: string, value: string): Fragment {
    return sql`${sql.raw(column)} ${sql.raw(this.postgres ? "ilike" : "like")} ${containsPattern(value)} escape '\\'`;
  }

  /** The texts of a list joined by `separator`, as one text (an aggregate). */
  private joined(expression: Fragment, separator: string): Fragment {
    return this.postgres ? sql`string_agg((${expression})::text, ${separator})` : sql`group_concat(${expression}, ${separator})`;
  }

  private whereOf(conditions: readonly Fragment[]): Fragment {
    return conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;
  }

  private async rows<T>(query: Fragment): Promise<T[]> {
    return (await query.execute(this.db)).rows as T[];
  }

  /**
   * A query's plan. Its facet values are looked up in one statement: a value no patent has makes
   * the answer empty; a filter naming more than TAGS_MAX values becomes a condition instead.
   */
  private async plan(query: PatentQuery): Promise<Plan> {
    const { phrases } = parseQuery(query.q ?? "");
    const where: Fragment[] = [];
    const lookups: { lookup: Lookup; fallback?: Fragment }[] = [];
    const exact = (facet: Facet, value: string): Lookup => sql`(facet = ${facet} and value = ${value})`;
    if (query.patentType) lookups.push({ lookup: exact("patentType", query.patentType) });
    if (query.legalStatus) lookups.push({ lookup: exact("legalStatus", query.legalStatus) });
    if (query.segment) lookups.push({ lookup: exact("segment", query.segment) });
    const district = query.district?.trim();
    if (district) lookups.push({ lookup: exact("district", district) });
    const applicant = query.applicant?.trim() ? companyNameKey(query.applicant) : "";
    if (applicant) {
      lookups.push({
        lookup: sql`(facet = 'applicant' and ${this.contains("value", applicant)})`,
        fallback: sql`f.patent_id in (select a.patent_id from patent_applicants a where ${this.contains("a.normalised_name", applicant)})`,
      });
    }
    const ipc = ipcKey(query.ipc ?? "");
    if (ipc) {
      // A prefix of the subclass, of the main group or of the whole code: the values of that level it starts.
      const facet: Facet = ipc.includes("/") ? "ipcCode" : ipc.length <= 4 ? "ipcClass" : "ipcGroup";
      lookups.push({
        lookup: sql`(facet = ${facet} and ${this.startsWith("value", ipc)})`,
        fallback: sql`f.patent_id in (select i.patent_id from patent_ipc i where ${this.startsWith("i.code", ipc)})`,
      });
    }
    const { company } = query;
    if (company) {
      const byName = exact("applicant", company.nameKey);
      lookups.push({ lookup: company.creditCode === null ? byName : sql`(${byName} or ${exact("creditCode", company.creditCode)})` });
    }
    const dates = this.dateRange(query.applyDateBegin, query.applyDateEnd);
    if (dates === "none") return { text: null, where: [], none: true };
    if (dates) {
      lookups.push({ lookup: dates.lookup });
      where.push(...dates.where);
    }
    const number = numberKey(query.number ?? "");
    if (number) {
      where.push(sql`f.patent_id in (select p.id from patents p where ${this.startsWith("p.publication_number", number)} or ${this.startsWith("p.application_key", number)})`);
    }
    const inventor = query.inventor?.trim();
    if (inventor) where.push(sql`f.patent_id in (select p.id from patents p where ${this.contains("p.inventors", inventor)})`);

    const tagGroups: number[][] = [];
    if (lookups.length > 0) {
      // One statement for every filter, each filter's values marked with its place.
      const values = await this.rows<{ filter: unknown; id: unknown; facet: Facet }>(
        sql.join(
          lookups.map(({ lookup }, index) => sql`select ${index} as filter, id, facet from patent_facet_values where ${lookup}`),
          sql` union all `,
        ),
      );
      const codes = lookups.map(() => [] as number[]);
      for (const row of values) codes[Number(row.filter)].push(codeOf(Number(row.id), row.facet));
      for (const [index, { fallback }] of lookups.entries()) {
        if (codes[index].length === 0) return { text: null, where: [], none: true };
        if (codes[index].length > TAGS_MAX && fallback) where.push(fallback);
        else tagGroups.push(codes[index]);
      }
    }
    return { text: phrases.length > 0 || tagGroups.length > 0 ? { phrases, tagGroups } : null, where, none: false };
  }

  /**
   * An application date range as the months (and whole years) it covers, and as conditions on
   * the exact dates when it starts or ends within a month. '' is an unknown date and sorts
   * first: a range bounds only the known ones.
   */
  private dateRange(begin: string | undefined, end: string | undefined): { lookup: Lookup; where: Fragment[] } | "none" | null {
    if (!begin && !end) return null;
    const from = begin || "0000-01-01";
    const to = end || "9999-12-31";
    if (from > to) return "none";
    const lastDay = (date: string) => new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();
    const where: Fragment[] = [];
    if (begin && begin.slice(8) !== "01") where.push(sql`f.apply_date >= ${begin}`);
    if (end && Number(end.slice(8)) !== lastDay(end)) where.push(sql`f.apply_date <= ${end}`);
    const firstMonth = from.slice(0, 7);
    const lastMonth = to.slice(0, 7);
    // The years the range covers whole are named as years (fewer tags to intersect), the rest by their months.
    const firstWhole = Number(from.slice(0, 4)) + (from.endsWith("-01-01") ? 0 : 1);
    const lastWhole = Number(to.slice(0, 4)) - (to.endsWith("-12-31") ? 0 : 1);
    const inMonths = sql`facet = 'applyMonth' and value >= ${firstMonth} and value <= ${lastMonth} and value <> ''`;
    if (firstWhole > lastWhole) return { where, lookup: sql`(${inMonths})` };
    const [low, high] = [firstWhole, lastWhole].map((y) => String(y).padStart(4, "0"));
    return { where, lookup: sql`((facet = 'applyYear' and value between ${low} and ${high}) or (${inMonths} and substr(value, 1, 4) not between ${low} and ${high}))` };
  }

  /**
   * What a search asks, with its lone characters: a keyword of one CJK character is in no bigram,
   * so it is looked for by LIKE in title and abstract, only within the other filters' patents and
   * only when they are few enough to scan (refused with a hint otherwise). `checked`: the same
   * query's selection has passed those checks already (its summary was computed), not counted again.
   */
  private async selection(query: PatentQuery, checked = false): Promise<Plan> {
    const plan = await this.plan(query);
    const { singleCharacters } = parseQuery(query.q ?? "");
    if (singleCharacters.length === 0 || plan.none) return plan;
    if (!checked) {
      if (plan.text === null && plan.where.length === 0) throw AppError.badRequest(SearchMessages.singleCharacter);
      if ((await this.countUpTo(plan, SINGLE_CHARACTER_SCAN_MAX + 1)) > SINGLE_CHARACTER_SCAN_MAX) throw AppError.badRequest(SearchMessages.singleCharacterTooMany(SINGLE_CHARACTER_SCAN_MAX));
    }
    return { ...plan, where: [...plan.where, ...this.singles(singleCharacters)] };
  }

  /** Each lone character in the title or the abstract, by LIKE (a scan of the patents it is asked of). */
  private singles(characters: readonly string[]): Fragment[] {
    return characters.map(
      (character) => sql`exists (select 1 from patents p where p.id = f.patent_id and (${this.contains("p.title", character)} or ${this.contains("p.abstract", character)}))`,
    );
  }

  /**
   * `select <columns> from` the matches. With a full-text part the index leads (FTS5 walks its
   * rowids newest first and stops at a limit; PostgreSQL's GIN index gives the set), joined to
   * patent_facts only when the conditions or the columns need it.
   */
  private matches(plan: Plan, reading: Reading): Fragment {
    const extra = reading.tagGroups ?? [];
    const text = plan.text || extra.length > 0 ? { ...plan.text, phrases: plan.text?.phrases ?? [], tagGroups: [...(plan.text?.tagGroups ?? []), ...extra] } : null;
    const facts = reading.facts || plan.where.length > 0 || text === null || (this.postgres && text.phrases.length === 0);
    let id: string;
    let from: Fragment;
    const where: Fragment[] = [];
    if (text === null) {
      id = "f.patent_id";
      from = sql`patent_facts f`;
    } else if (this.postgres && text.phrases.length === 0) {
      // Facet values alone: the narrow facts and their GIN index of codes, not the full-text rows.
      id = "f.patent_id";
      from = sql`patent_facts f`;
      const singles = text.tagGroups.filter((group) => group.length === 1).map(([code]) => code);
      if (singles.length > 0) where.push(sql`f.facet_codes @> ${singles}::int[]`);
      for (const group of text.tagGroups.filter((several) => several.length > 1)) where.push(sql`f.facet_codes && ${[...group]}::int[]`);
    } else if (this.postgres) {
      const matched = sql`s.search_vector @@ ${tsqueryLiteral(text)}::tsquery`;
      if (reading.setFirst) {
        // The set as an array first, then the facts of its ids by their key: the planner can neither
        // fold it into a walk of the date index nor hash the whole facts table to join a few thousand.
        id = "f.patent_id";
        from = sql`patent_facts f`;
        where.push(sql`f.patent_id = any(array(select s.patent_id from patent_search s where ${matched}))`);
      } else {
        id = "s.patent_id";
        from = facts ? sql`patent_search s join patent_facts f on f.patent_id = s.patent_id` : sql`patent_search s`;
        where.push(matched);
      }
    } else {
      // CROSS JOIN keeps the full-text table the outer loop, in its own rowid order.
      id = FULL_TEXT_ID;
      from = facts ? sql`patents_fts t cross join patent_facts f` : sql`patents_fts t`;
      where.push(sql`patents_fts match ${fts5Match(text)}`, ...(facts ? [sql`f.full_text_key = t.rowid`] : []));
    }
    where.push(...(reading.where?.(id) ?? []), ...plan.where);
    // The latest in the index's order (head): on SQLite the list's default order, FTS5's walk when
    // it is asked (its rowid is that order's key, fullTextKey); on PostgreSQL the latest imported.
    const latest = id === FULL_TEXT_ID ? sql`order by t.rowid` : this.postgres ? sql`order by ${sql.raw(id)} desc` : this.orderBy(undefined);
    const order = reading.order === "latest" ? latest : (reading.order ?? sql``);
    const limit = reading.limit === undefined ? sql`` : sql`limit ${reading.limit}${reading.offset ? sql` offset ${reading.offset}` : sql``}`;
    return sql`select ${reading.columns(id)} from ${from} ${this.whereOf(where)} ${order} ${limit}`;
  }

  /** How many match (and meet `where`, conditions on the id), counted up to `limit`: in no order, so that PostgreSQL stops at the limit. */
  private async countUpTo(plan: Plan, limit: number, where?: (id: string) => Fragment[]): Promise<number> {
    const [row] = await this.rows<{ n: unknown }>(sql`select count(*) as n from (${this.matches(plan, { columns: (id) => sql`${sql.raw(id)} as id`, facts: false, where, limit })}) m`);
    return Number(row.n);
  }

  /**
   * A query without conditions beside the index's, as lists in memory (lists.ts): the keywords'
   * list, or without keywords the last facet filter's (a company, a range of dates or an IPC
   * prefix: commonly the narrowest), and a set for each other facet filter. Null for any other
   * query, or when a list would pass LIST_MAX: the database walks those.
   */
  private async walkOf(plan: Plan, generationRead?: Keep): Promise<ListWalk | null> {
    const text = this.listedText(plan);
    if (text === null) return null;
    const { phrases, tagGroups } = text;
    const keywords = phrases.length > 0;
    // One read of the generation for all of them (or the caller's, read already).
    const keep = generationRead ?? (await this.lists.atGeneration());
    const listed: TextQuery = keywords ? { phrases, tagGroups: [] } : { phrases: [], tagGroups: tagGroups.slice(-1) };
    const [list, sets] = await Promise.all([
      this.listOf(keep, listed),
      Promise.all((keywords ? tagGroups : tagGroups.slice(0, -1)).map((group) => this.setOf(keep, group))),
    ]);
    if (list === null || sets.some((set) => set === null)) return null;
    const ordered = async () => inDefaultOrder(list, await this.places(keep));
    return {
      list,
      sets: sets as Uint32Array[],
      keep,
      inDefaultOrder: () => (this.postgres ? keep(`ordered list ${JSON.stringify(listed)}`, ordered, listBytes) : Promise.resolve(list)),
    };
  }

  /** The query's text when the lists in memory may answer it: a query without conditions beside the index's. */
  private listedText(plan: Plan): TextQuery | null {
    return this.listsBudget === 0 || plan.none || plan.where.length > 0 ? null : plan.text;
  }

  /** The matches of a query of the index as a list in the index's order. */
  private listOf(keep: Keep, text: TextQuery): Promise<MatchList | null> {
    const compute = async () => {
      const entry = (id: string) => (id === FULL_TEXT_ID ? sql`${sql.raw(FULL_TEXT_DAYS)} || ' ' || ${sql.raw(id)}` : sql.raw(id));
      const joined = await this.joinedMatches(text, entry);
      return joined === null ? null : listOfText(joined, !this.postgres);
    };
    return keep(`list ${JSON.stringify(text)}`, compute, listBytes);
  }

  /** Every patent's place in the list's default order (PostgreSQL: its lists' pages are read in that order). */
  private places(keep: Keep): Promise<PlacesInOrder> {
    const compute = async () => {
      // The order inside the aggregate: a sorted subquery's order is kept only as a rule of thumb.
      const [row] = await this.rows<{ ids: string | null }>(sql`select string_agg(f.patent_id::text, ' ' ${this.orderBy(undefined)}) as ids from patent_facts f`);
      return placesOfText(row.ids ?? "");
    };
    return keep("places", compute, placesBytes);
  }

  /** The patents that have one of a group of facet values, as a set. */
  private setOf(keep: Keep, group: readonly number[]): Promise<Uint32Array | null> {
    const compute = async () => {
      const joined = await this.joinedMatches({ phrases: [], tagGroups: [group] }, (id) => sql.raw(id));
      return joined === null ? null : setOfText(joined);
    };
    return keep(`set ${JSON.stringify(group)}`, compute, (set) => set?.byteLength ?? 64);
  }

  /** Every match of a query of the index, as `entry` writes it, joined by spaces in no order; null when they pass LIST_MAX. */
  private async joinedMatches(text: TextQuery, entry: (id: string) => Fragment): Promise<string | null> {
    const matches = this.matches({ text, where: [], none: false }, { columns: (id) => sql`${entry(id)} as entry`, facts: false, limit: LIST_MAX + 1 });
    const [row] = await this.rows<{ n: unknown; entries: string | null }>(sql`select count(*) as n, ${this.joined(sql`m.entry`, " ")} as entries from (${matches}) m`);
    return Number(row.n) > LIST_MAX ? null : (row.entries ?? "");
  }

  /** The facet codes of the latest patents in the index's order (`latestCount` of them). */
  private latestCodes(keep: Keep): Promise<LatestCodes> {
    const compute = async () => {
      const walked = new Set(WALKED_FACETS);
      const reader = latestCodesReader((code) => walked.has(facetOfCode(code)));
      const entry = sql`f.patent_id || ' ' || ${this.codesText}`;
      // Each part goes on from the last key of the one before (as text: SQLite's key passes 2^53).
      const [key, order, last] = this.postgres ? [sql`f.patent_id`, sql`desc`, sql`min`] : [sql`f.full_text_key`, sql`asc`, sql`max`];
      let after: string | null = null;
      const size = Math.ceil(this.latestCount / LATEST_CODES_PARTS);
      for (let read = 0; read < this.latestCount; read += size) {
        const part = Math.min(size, this.latestCount - read);
        const from: Fragment = after === null ? sql`` : this.postgres ? sql`where ${key} < ${Number(after)}` : sql`where ${key} > ${BigInt(after)}`;
        const [row] = await this.rows<{ n: unknown; patents: string | null; last: string | null }>(
          sql`select count(*) as n, ${this.joined(sql`m.entry`, ",")} as patents, cast(${last}(m.k) as text) as last from (select ${entry} as entry, ${key} as k from patent_facts f ${from} order by ${key} ${order} limit ${part}) m`,
        );
        reader.add(row.patents ?? "");
        if (Number(row.n) < part || row.last === null) break;
        after = row.last;
      }
      return reader.done();
    };
    return keep(LATEST_CODES_KEY, compute, latestCodesBytes);
  }

  /** The facet codes of a walk's entries at some positions, counted: from memory for the latest patents, from the database for the others. */
  private async codesAt({ list, keep }: ListWalk, at: Int32Array): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    if (at.length === 0) return counts;
    const missing = new Set(countLatestCodes(await this.latestCodes(keep), Array.from(at, (position) => list.ids[position]), counts));
    if (missing.size === 0) return counts;
    const { days } = list;
    const older = at.filter((position) => missing.has(list.ids[position]));
    // On SQLite by their FTS5 keys, patent_facts' rowid: read in the table's order.
    const from = days
      ? sql`json_each(${`[${Array.from(older, (position) => keyOfParts(days[position], list.ids[position])).join(",")}]`}) j cross join patent_facts f on f.full_text_key = j.value`
      : this.factsOfIds(Array.from(older, (position) => list.ids[position]));
    return this.storedCodesAdded(from, counts);
  }

  /** The facet codes of some patents, counted: from memory for the latest, from the database (by id) for the others. */
  private async codesOfIds(keep: Keep, ids: readonly number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    const missing = countLatestCodes(await this.latestCodes(keep), ids, counts);
    return missing.length === 0 ? counts : this.storedCodesAdded(this.factsOfIds(missing), counts);
  }

  /** The patent_facts rows of some patents, as the `from` of a statement. */
  private factsOfIds(ids: readonly number[]): Fragment {
    return this.postgres ? sql`patent_facts f where f.patent_id = any(${ids}::int[])` : sql`json_each(${JSON.stringify(ids)}) j cross join patent_facts f on f.patent_id = j.value`;
  }

  /** The walked facets' codes of the patent_facts rows `from` names, read from the database and added to `counts`. */
  private async storedCodesAdded(from: Fragment, counts: Map<number, number>): Promise<Map<number, number>> {
    const [row] = await this.rows<{ codes: string | null }>(sql`select ${this.joined(this.codesText, " ")} as codes from ${from}`);
    for (const [code, count] of countCodes(row.codes ?? "", WALKED_FACETS)) counts.set(code, (counts.get(code) ?? 0) + count);
    return counts;
  }

  /** patent_facts.facet_codes as text: codes separated by spaces. */
  private get codesText(): Fragment {
    return this.postgres ? sql`array_to_string(f.facet_codes, ' ')` : sql`f.facet_codes`;
  }

  /**
   * The latest matches in the order of the engine's index, up to `limit`: their number and their
   * facet codes. On SQLite the latest published (FTS5 walks its rowids, fullTextKey, in the list's
   * default order), at the cost of the `limit` matches however many more there are. On PostgreSQL
   * the latest imported (ordering them by date read the rows at random, 0.2-1.5 s for a broad
   * keyword at a million patents): its GIN index gives a set in no order, and its planner, judging
   * a keyword's and a facet's shares independent, walks the patents newest first testing each
   * one's vector, all million of them when the two never meet (0.76 s). So a keyword is looked for
   * by that walk among the latest `window` patents only, and when they hold fewer than `limit`,
   * the rest among the older ones as the GIN index's set.
   */
  private async head(plan: Plan, limit: number): Promise<Head> {
    if (this.postgres && plan.text !== null && plan.text.phrases.length > 0) {
      const newest = await this.db.selectFrom("patentFacts").select((eb) => eb.fn.max("patentId").as("id")).executeTakeFirst();
      const floor = Number(newest?.id ?? 0) - this.window;
      const latest = await this.headOf(plan, { limit, where: (id) => [sql`${sql.raw(id)} > ${floor}`] });
      if (latest.count >= limit || floor <= 0) return latest;
      const older = await this.headOf(plan, { limit: limit - latest.count, where: (id) => [sql`${sql.raw(id)} <= ${floor}`], setFirst: true });
      const codes = new Map(latest.codes);
      for (const [code, count] of older.codes) codes.set(code, (codes.get(code) ?? 0) + count);
      return { count: latest.count + older.count, codes, walkEnd: null };
    }
    return this.headOf(plan, { limit });
  }

  /** The latest matches (that meet `where`), up to `limit`, read in one statement. */
  private async headOf(plan: Plan, reading: Pick<Reading, "where" | "setFirst"> & { limit: number }): Promise<Head> {
    // On FTS5's walk the head ends at its last rowid, above which the rest lies (its walk goes on from there).
    const walked = !this.postgres && plan.text !== null;
    const key = walked ? sql`, t.rowid as walk_key` : sql``;
    const latest = this.matches(plan, { ...reading, columns: (id) => sql`${sql.raw(id)} as id, ${this.codesText} as codes${key}`, facts: true, order: "latest" });
    // As text: the key passes 2^53, past what a number holds exactly.
    const last = walked ? sql`, cast(max(m.walk_key) as text) as last` : sql``;
    const [found] = await this.rows<{ n: unknown; codes: string | null; last?: string | null }>(sql`select count(*) as n, ${this.joined(sql`m.codes`, " ")} as codes${last} from (${latest}) m`);
    return { count: Number(found.n), codes: countCodes(found.codes ?? "", SUMMARY_FACETS), walkEnd: typeof found.last === "string" ? BigInt(found.last) : null };
  }

  /** Every match's codes (the statistics and the company profile count all of them). */
  private async allCodes(plan: Plan): Promise<Map<number, number>> {
    const codes = this.matches(plan, { columns: () => sql`${this.codesText} as codes`, facts: true });
    const [row] = await this.rows<{ codes: string | null }>(sql`select ${this.joined(sql`m.codes`, " ")} as codes from (${codes}) m`);
    return countCodes(row.codes ?? "");
  }

  /** The stored values of some codes: what a facet entry shows, and how ties are broken. */
  private async valuesOf(codes: Iterable<number>): Promise<Map<number, ValueRow>> {
    const ids = [...new Set([...codes].map(idOfCode))];
    const values = new Map<number, ValueRow>();
    for (let at = 0; at < ids.length; at += 1000) {
      const rows = await this.db
        .selectFrom("patentFacetValues")
        .select(["id", "facet", "value", "shown"])
        .where("id", "in", ids.slice(at, at + 1000))
        .execute();
      for (const row of rows) values.set(codeOf(row.id, row.facet as Facet), row);
    }
    return values;
  }

  /**
   * Counted codes as each facet's entries, the most frequent first (ties by value), at most
   * `sizes[facet]` of them (all when no size): the values of the codes that can reach a list are
   * read, no others.
   */
  private async ranked(counts: Map<number, number>, sizes: Partial<Record<Facet, number | null>>): Promise<Map<Facet, Ranked[]>> {
    const byFacet = new Map<Facet, [number, number][]>();
    for (const [code, count] of counts) {
      const facet = facetOfCode(code);
      if (!(facet in sizes) || count <= 0) continue;
      let entries = byFacet.get(facet);
      if (!entries) byFacet.set(facet, (entries = []));
      entries.push([code, count]);
    }
    const candidates: [Facet, [number, number][]][] = [...byFacet].map(([facet, entries]) => {
      const size = sizes[facet];
      if (size === null || size === undefined || entries.length <= size) return [facet, entries];
      const cut = entries.map(([, count]) => count).sort((a, b) => b - a)[size - 1];
      return [facet, entries.filter(([, count]) => count >= cut)];
    });
    const values = await this.valuesOf(candidates.flatMap(([, entries]) => entries.map(([code]) => code)));
    const result = new Map<Facet, Ranked[]>();
    for (const [facet, entries] of candidates) {
      const size = sizes[facet];
      const ranked = entries
        .map(([code, count]) => ({ row: values.get(code), count }))
        .filter((entry): entry is { row: ValueRow; count: number } => entry.row !== undefined)
        .sort((a, b) => b.count - a.count || compareText(a.row.value, b.row.value))
        .slice(0, size ?? undefined)
        .map(({ row, count }) => ({ key: row.shown ?? row.value, count }));
      result.set(facet, ranked);
    }
    return result;
  }

  /**
   * The kept counts of some facets' values, as counted codes: those that can reach each list
   * (every value at least as frequent as the `size`-th, ties included; all when no size).
   */
  private async keptCounts(sizes: Partial<Record<Facet, number | null>>): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    for (const [facet, size] of Object.entries(sizes) as [Facet, number | null][]) {
      const least =
        size === null
          ? sql`1`
          : sql`coalesce((select v.patents from patent_facet_values v where v.facet = ${facet} and v.patents > 0 order by v.patents desc limit 1 offset ${size - 1}), 1)`;
      const rows = await this.rows<{ id: number; patents: unknown }>(sql`select id, patents from patent_facet_values where facet = ${facet} and patents > 0 and patents >= ${least}`);
      for (const row of rows) counts.set(codeOf(Number(row.id), facet), Number(row.patents));
    }
    return counts;
  }

  private static readonly FACET_SIZES: Partial<Record<Facet, number | null>> = {
    patentType: PATENT_FACET_SIZE,
    legalStatus: PATENT_FACET_SIZE,
    district: PATENT_FACET_SIZE,
    applyYear: null,
    ipcClass: PATENT_FACET_SIZE,
    applicant: PATENT_FACET_SIZE,
    segment: null,
  };

  private async facetsOf(counts: Map<number, number>): Promise<PatentFacets> {
    const ranked = await this.ranked(counts, SqlPatentSearch.FACET_SIZES);
    const entries = (facet: Facet): FacetEntry[] => ranked.get(facet) ?? [];
    return {
      patentType: entries("patentType"),
      legalStatus: entries("legalStatus"),
      applyYear: entries("applyYear")
        .sort((x, y) => Number(y.key) - Number(x.key))
        .slice(0, YEAR_FACET_SIZE),
      ipcClass: entries("ipcClass"),
      applicant: entries("applicant"),
      segment: entries("segment"),
      district: entries("district"),
    };
  }

  /** Patents whose id is in a list read before, passed as one parameter whatever its length. */
  private amongIds(column: string, ids: readonly number[]): Fragment {
    return this.postgres ? sql`${sql.raw(column)} = any(${[...ids]}::int[])` : sql`${sql.raw(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
  }

  private orderBy(orders: readonly PatentOrder[] | undefined): Fragment {
    const columns = ordersOf(orders).map((order) => sql`${SORT_COLUMN[order.column]} ${sql.raw(order.asc ? "asc" : "desc")}`);
    return sql`order by ${sql.join([...columns, sql`f.patent_id desc`])}`;
  }

  /**
   * A page of the matches sorted (the database keeps the page's worth as it reads them): of a result
   * the summary's sample holds whole, or of one without a full-text part (the sort's index walked).
   */
  private async pageWithin(plan: Plan, page: PatentPageRequest): Promise<number[]> {
    // When the index holds every condition its set is the result itself, at most the sample's worth.
    const setFirst = plan.where.length === 0;
    const rows = await this.rows<{ id: unknown }>(
      this.matches(plan, { columns: () => sql`f.patent_id as id`, facts: true, order: this.orderBy(page.orders), limit: page.offset + page.limit, setFirst }),
    );
    return rows.slice(page.offset).map((row) => Number(row.id));
  }

  /**
   * A page of ids of a result too large to read whole, in the list's order. Without the full-text
   * index, the sort's index is walked (patent_facts (date, patent_id)) under the conditions. With
   * it, the matches of the first months of the sort's date are read: each month (or a whole year
   * of them) is a tag of the index. Whenever the first months hold the page's end, every match of
   * a later month sorts after them, so the page read among them is exact; its cost is that of its
   * neighbourhood, not of the result. The latest matches the summary sampled are some of all the
   * matches: a month holds at least as many as they count in it, which proves a window large
   * enough. A smaller window is tried first, the months the sample counts enough in once scaled
   * to the result (`scale`); when it holds too few matches, the proven window is read.
   */
  private async pageOfMany(plan: Plan, page: PatentPageRequest, sample: ReadonlyMap<number, number>, scale: number): Promise<number[]> {
    if (plan.text === null) return this.pageWithin(plan, page);
    const months = await this.months(ordersOf(page.orders)[0]);
    const wanted = page.offset + page.limit;
    /** How many of the first months reach `wanted` matches, each counted as the sample counts it times `factor`. */
    const reaching = (factor: number) => {
      let length = 0;
      for (let counted = 0; length < months.codes.length && counted < wanted; length++) counted += factor * Math.max(0, sample.get(months.codes[length]) ?? 0);
      return length;
    };
    const read = async (length: number) => {
      const rows = await this.rows<{ id: unknown }>(
        this.matches(plan, { columns: () => sql`f.patent_id as id`, facts: true, tagGroups: [months.window(length)], order: this.orderBy(page.orders), limit: wanted, setFirst: true }),
      );
      return rows.map((row) => Number(row.id));
    };
    const proven = reaching(1);
    const guessed = scale > 1 ? reaching(scale) : proven;
    let ids = guessed < proven ? await read(guessed) : [];
    if (ids.length < wanted) ids = await read(proven);
    return ids.slice(page.offset);
  }

  /**
   * The months of an order's date, first to last in that order (unknown last when descending), as
   * tags: `codes` each month's, `window(length)` the tags of the first `length` months, a year whose
   * every month is among them one tag instead of twelve.
   */
  private async months(order: PatentOrder): Promise<{ codes: number[]; window(length: number): number[] }> {
    const [monthFacet, yearFacet]: [Facet, Facet] = order.column === "applyDate" ? ["applyMonth", "applyYear"] : ["publicationMonth", "publicationYear"];
    const values = await this.db.selectFrom("patentFacetValues").select(["id", "facet", "value"]).where("facet", "in", [monthFacet, yearFacet]).execute();
    const months = values.filter((row) => row.facet === monthFacet).sort((a, b) => (order.asc ? 1 : -1) * compareText(a.value, b.value));
    const yearOf = (month: { value: string }) => month.value.slice(0, 4);
    const monthsOfYear = new Map<string, number>();
    for (const month of months) if (month.value !== "") monthsOfYear.set(yearOf(month), (monthsOfYear.get(yearOf(month)) ?? 0) + 1);
    return {
      codes: months.map((month) => codeOf(month.id, monthFacet)),
      window(length) {
        const window = months.slice(0, length);
        const inWindow = new Map<string, number>();
        for (const month of window) if (month.value !== "") inWindow.set(yearOf(month), (inWindow.get(yearOf(month)) ?? 0) + 1);
        const years = values.filter((row) => row.facet === yearFacet && inWindow.get(row.value) === monthsOfYear.get(row.value));
        const whole = new Set(years.map((row) => row.value));
        return [
          ...years.map((row) => codeOf(row.id, yearFacet)),
          ...window.filter((month) => month.value === "" || !whole.has(yearOf(month))).map((month) => codeOf(month.id, monthFacet)),
        ];
      },
    };
  }

  /**
   * A page in the default order of a query of the full-text index, as its list holds it, or on
   * SQLite as FTS5 walks it: its cost is that of the entries up to the page's end, however many
   * match. Null when neither can read it.
   */
  private async pageOfWalk(plan: Plan, page: PatentPageRequest): Promise<number[] | null> {
    const [first, ...more] = ordersOf(page.orders);
    if (plan.text === null || more.length > 0 || first.column !== DEFAULT_ORDER.column || first.asc !== DEFAULT_ORDER.asc) return null;
    const walk = await this.walkOf(plan);
    if (walk !== null) {
      const list = await walk.inDefaultOrder();
      return Array.from(positionsIn(list, walk.sets, page.offset + page.limit).subarray(page.offset), (at) => list.ids[at]);
    }
    if (this.postgres) return null;
    const rows = await this.rows<{ id: unknown }>(
      this.matches(plan, { columns: (id) => sql`${sql.raw(id)} as id`, facts: false, order: "latest", limit: page.limit, offset: page.offset }),
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

  /** The patents in all, from the kept counts: every patent has one type. */
  private async patentCount(): Promise<number> {
    const row = await this.db.selectFrom("patentFacetValues").select((eb) => eb.fn.sum<string | number>("patents").as("total")).where("facet", "=", "patentType").executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /**
   * The count and the facets. Unfiltered, they are the kept counts of every patent. Otherwise the
   * codes of the latest `sample` matches are read (their months guide pageOfMany) and the matches
   * counted up to one past the cap: from the lists in memory when they hold the query, otherwise
   * by the database, which counts further only when the sample is full, reading ids alone. So a
   * broad query costs what a narrow one does and still answers the same on both engines.
   */
  private async summaryOf(plan: Plan): Promise<PatentSummary> {
    const none = { total: 0, totalCapped: false, facetsSample: null, latestMonths: new Map<number, number>() };
    if (plan.none) return { ...none, facets: await this.facetsOf(new Map()) };
    if (isUnfiltered(plan)) {
      const total = await this.patentCount();
      return { ...none, total: Math.min(total, this.cap), totalCapped: total > this.cap, facets: await this.facetsOf(await this.keptCounts(SqlPatentSearch.FACET_SIZES)) };
    }
    const { head, count } = (await this.sampledInLists(plan)) ?? (await this.sampledInDatabase(plan));
    const latestMonths = new Map([...head.codes].filter(([code]) => MONTH_FACETS.has(facetOfCode(code))));
    return {
      total: Math.min(count, this.cap),
      totalCapped: count > this.cap,
      facets: await this.facetsOf(head.codes),
      facetsSample: count > head.count ? head.count : null,
      latestMonths,
    };
  }

  /** The latest `sample` matches (their number and codes) and the count of all up to one past the cap, from the lists in memory. */
  private async sampledInLists(plan: Plan): Promise<{ head: Pick<Head, "count" | "codes">; count: number } | null> {
    const walk = await this.walkOf(plan);
    if (walk === null) return null;
    const found = positionsIn(walk.list, walk.sets, this.cap + 1);
    const head = found.subarray(0, this.sample);
    return { head: { count: head.length, codes: await this.codesAt(walk, head) }, count: found.length };
  }

  /**
   * Every match's codes counted from the lists in memory, the latest patents' codes from memory
   * too and the older ones' read by id: once a search has read the latest codes of this
   * generation, and when the lists hold the query. Null otherwise, and the database counts them in
   * one statement: reading the latest codes first would cost more than that (1 s at a million).
   * Facet values alone are counted from their sets, not a list: the order a list keeps is not
   * needed to count, and the searches (which ask a facet beside a keyword) keep the sets, where a
   * facet's list would be read from the full-text index anew (a segment's, 0.3 s on PostgreSQL).
   */
  private async countedInLists(plan: Plan): Promise<Map<number, number> | null> {
    const keep = await this.lists.atGeneration();
    if (!this.lists.holds(LATEST_CODES_KEY)) return null;
    const text = this.listedText(plan);
    if (text !== null && text.phrases.length === 0) {
      const sets = await Promise.all(text.tagGroups.map((group) => this.setOf(keep, group)));
      return sets.every((set) => set !== null) ? this.codesOfIds(keep, idsInAll(sets)) : null;
    }
    const walk = await this.walkOf(plan, keep);
    return walk && this.codesAt(walk, positionsIn(walk.list, walk.sets, LIST_MAX));
  }

  /** The same from the database: its head, and a full head counted further. */
  private async sampledInDatabase(plan: Plan): Promise<{ head: Pick<Head, "count" | "codes">; count: number }> {
    const head = await this.head(plan, this.sample);
    // On FTS5's walk only the rest is counted, after the head's last rowid, the head's count added.
    const { walkEnd } = head;
    const count =
      head.count < this.sample
        ? head.count
        : walkEnd !== null
          ? head.count + (await this.countUpTo(plan, this.cap + 1 - head.count, () => [sql`t.rowid > ${walkEnd}`]))
          : await this.countUpTo(plan, this.cap + 1);
    return { head, count };
  }

  async summary(query: PatentQuery): Promise<PatentSummary> {
    return this.summaryOf(await this.selection(query));
  }

  /**
   * A page in the default order of a query of the full-text index is read from its list, or on
   * SQLite along the index's walk (pageOfWalk). Otherwise a result the summary's sample holds is
   * read whole and sorted, a larger one by months (pageOfMany).
   */
  async search(query: PatentQuery, page: PatentPageRequest, summary?: PatentSummary): Promise<PatentSearchResult> {
    const plan = await this.selection(query, summary !== undefined);
    const { latestMonths, ...found } = summary ?? (await this.summaryOf(plan));
    // A page past the count (of no match at all, say) has nothing to read: an empty walk would read the whole index of its terms.
    if (plan.none || page.offset >= found.total) return { ...found, records: [] };
    const many = found.totalCapped || found.facetsSample !== null;
    const ids =
      (await this.pageOfWalk(plan, page)) ??
      (many ? await this.pageOfMany(plan, page, latestMonths, found.facetsSample ? found.total / found.facetsSample : 1) : await this.pageWithin(plan, page));
    return { ...found, records: await this.listed(ids) };
  }

  async allFacets(query: PatentQuery): Promise<PatentFacets> {
    const plan = await this.selection(query);
    if (plan.none) return this.facetsOf(new Map());
    return this.facetsOf(isUnfiltered(plan) ? await this.keptCounts(SqlPatentSearch.FACET_SIZES) : await this.allCodes(plan));
  }

  async count(query: PatentQuery, cap: number): Promise<PatentCount> {
    const plan = await this.selection(query);
    const found = plan.none ? 0 : await this.countUpTo(plan, cap + 1);
    return found > cap ? { total: cap, capped: true } : { total: found, capped: false };
  }

  async *scan(query: PatentQuery, orders: readonly PatentOrder[] | undefined, max: number): AsyncGenerator<PatentDetail[]> {
    const plan = await this.selection(query);
    if (plan.none) return;
    const rows = await this.rows<{ id: unknown }>(this.matches(plan, { columns: () => sql`f.patent_id as id`, facts: true, order: this.orderBy(orders), limit: max }));
    const ids = rows.map((row) => Number(row.id));
    yield* inIdOrder(ids, EXPORT_BATCH, (batch) => this.db.selectFrom("patents").selectAll().where("id", "in", batch).execute(), detailOf);
  }

  async stats(query: PatentQuery, year: number): Promise<PatentStats> {
    const plan = await this.selection(query);
    const counts = plan.none
      ? new Map<number, number>()
      : isUnfiltered(plan)
        ? await this.keptCounts(STATS_SIZES)
        : ((await this.countedInLists(plan)) ?? (await this.allCodes(plan)));
    const ranked = await this.ranked(counts, STATS_SIZES);
    const perYear = (facet: Facet) => new Map((ranked.get(facet) ?? []).map((entry) => [Number(entry.key), entry.count]));
    const applications = perYear("applyYear");
    const grants = perYear("grantYear");
    const first = year - TREND_YEARS + 1;
    return {
      trend: Array.from({ length: TREND_YEARS }, (_, index) => first + index).map((y) => ({ year: y, applications: applications.get(y) ?? 0, grants: grants.get(y) ?? 0 })),
      topApplicants: (ranked.get("applicant") ?? []).map(({ key, count }) => ({ name: key, count })),
      ipc: (ranked.get("ipcClass") ?? []).map(({ key, count }) => ({ code: key, count })),
      segments: (ranked.get("segment") ?? []).map(({ key, count }) => ({ segment: key as CompanySegment, count })),
    };
  }

  async ipcGroups(query: PatentQuery, size: number): Promise<{ code: string; count: number }[]> {
    const plan = await this.selection(query);
    if (plan.none) return [];
    // IPC groups are not among the kept counts (values.ts COUNTED): the matches' codes are counted.
    const sizes = { ipcGroup: size };
    return ((await this.ranked(await this.allCodes(plan), sizes)).get("ipcGroup") ?? []).map(({ key, count }) => ({ code: key, count }));
  }

  async matching(query: PatentQuery, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const plan = await this.plan(query);
    if (plan.none) return [];
    const { singleCharacters } = parseQuery(query.q ?? "");
    // The ids' range as well: FTS5 reads its index between those rowids only (their keys' range).
    const within = await this.idRange(plan, ids);
    const rows = await this.rows<{ id: unknown }>(
      this.matches(
        { ...plan, where: [...plan.where, ...this.singles(singleCharacters)] },
        {
          columns: (id) => sql`${sql.raw(id)} as id`,
          facts: false,
          where: (id) => [within(id), this.amongIds(id, ids)],
          order: sql`order by 1`,
        },
      ),
    );
    return rows.map((row) => Number(row.id));
  }

  /**
   * A condition a statement over the matches (its patent id `id`) reads the ids' range with: on
   * SQLite with the full-text index, the range of their FTS5 keys (their publication dates', then
   * any id), so that FTS5 reads its index there only.
   */
  private async idRange(plan: Plan, ids: readonly number[]): Promise<(id: string) => Fragment> {
    const [low, high] = [Math.min(...ids), Math.max(...ids)];
    const byId = (id: string) => sql`${sql.raw(id)} between ${low} and ${high}`;
    if (this.postgres || plan.text === null) return byId;
    const [dates] = await this.rows<{ first: string | null; last: string | null }>(
      sql`select min(publication_date) as first, max(publication_date) as last from patent_facts where ${this.amongIds("patent_id", ids)}`,
    );
    // The key counts dates and ids down: the latest date and the largest id give the lowest.
    const keys = sql`t.rowid between ${fullTextKey(dates.last, 0xffffffff)} and ${fullTextKey(dates.first, 0)}`;
    return (id) => (id === FULL_TEXT_ID ? keys : byId(id));
  }

  async byId(id: number): Promise<PatentDetail | undefined> {
    const row = await this.db.selectFrom("patents").selectAll().where("id", "=", id).executeTakeFirst();
    return row && detailOf(row);
  }
}
