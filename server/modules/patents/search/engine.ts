import type { PatentDetail, PatentFacets, PatentFilter, PatentSearchResult, PatentSort, PatentStats } from "../../../../contract/schemas/patents";

/*
 * The one interface the patent routes search through (issue 12 item 3). SqlPatentSearch (sql.ts)
 * answers from the database the platform runs on, SQLite or PostgreSQL; an OpenSearch engine can
 * take its place for national-scale data (README, "Another engine"): its `cjk` analyzer
 * makes the same bigrams as contract/patents/tokenizer.ts, so a query finds the same patents.
 */

/** A filter with its company resolved: an engine matches patents, it does not read companies. */
export interface PatentQuery extends Omit<PatentFilter, "compId"> {
  company?: { creditCode: string | null; nameKey: string };
}

export interface PatentOrder {
  column: PatentSort;
  asc: boolean;
}

export interface PatentPageRequest {
  offset: number;
  limit: number;
  orders?: readonly PatentOrder[];
}

export interface PatentCount {
  total: number;
  /** More match than `total`, the cap, says. */
  capped: boolean;
}

/**
 * What a search answers whatever page is shown: the count (capped), the facets, and what the
 * engine reads a page of a large result with (SqlPatentSearch: the months of the latest matches
 * its facets counted, by their codes; nothing for an engine that needs nothing).
 */
export type PatentSummary = Omit<PatentSearchResult, "records"> & { latestMonths: ReadonlyMap<number, number> };

export interface PatentSearchEngine {
  summary(query: PatentQuery): Promise<PatentSummary>;
  /** One page of the matching patents, with the query's summary (computed when not given). */
  search(query: PatentQuery, page: PatentPageRequest, summary?: PatentSummary): Promise<PatentSearchResult>;
  /** The facets of every match, however many: the company profile's (a search's facets count a sample of a large result). */
  allFacets(query: PatentQuery): Promise<PatentFacets>;
  count(query: PatentQuery, cap: number): Promise<PatentCount>;
  /** Every matching patent in the list's order, a batch at a time, at most `max` (the export). */
  scan(query: PatentQuery, orders: readonly PatentOrder[] | undefined, max: number): AsyncGenerator<PatentDetail[]>;
  /** The chain map's figures: a 10-year trend up to `year`, top applicants, IPC subclasses, segments. */
  stats(query: PatentQuery, year: number): Promise<PatentStats>;
  /** The IPC main groups (H01L21) of the matching patents, most frequent first (the company profile). */
  ipcGroups(query: PatentQuery, size: number): Promise<{ code: string; count: number }[]>;
  byId(id: number): Promise<PatentDetail | undefined>;
  /**
   * Those of `ids` the query matches, ascending: what a search for it finds among them (a watch's
   * matches among the patents an import wrote). A lone character is looked for within `ids`.
   */
  matching(query: PatentQuery, ids: readonly number[]): Promise<number[]>;
}
