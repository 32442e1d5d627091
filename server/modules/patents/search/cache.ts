import type { Kysely } from "kysely";
import type { PatentDetail, PatentFacets, PatentSearchResult, PatentStats } from "../../../../contract/schemas/patents";
import type { Database } from "../../../db/schema";
import type { PatentCount, PatentOrder, PatentPageRequest, PatentQuery, PatentSearchEngine, PatentSummary } from "./engine";

/** Keeps a value for one generation read before (GenerationKeep.atGeneration). */
export type Keep = <T>(key: string, compute: () => Promise<T>, weigh?: (value: T) => number) => Promise<T>;

/**
 * What this process computed from the patents, each value kept for the generation of the patents
 * it was computed from. The generation is a row of the database (patent_search_state, migration
 * 0021) that every write of patents moves on inside its own transaction, and it is read on every
 * call: once an import commits, in whichever server process, no process answers from what it kept
 * before. The database stays the only source of truth; a process only remembers what it computed
 * from it, at most `budget` in weight (each value weighs 1 unless told; the least recently used go
 * first). Values are shared between the callers that get them: they are read, never changed.
 */
export class GenerationKeep {
  private readonly kept = new Map<string, { value: Promise<unknown>; weight: number }>();
  private weight = 0;
  private generation: number | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly budget: number,
  ) {}

  async keep<T>(key: string, compute: () => Promise<T>, weigh?: (value: T) => number): Promise<T> {
    return (await this.atGeneration())(key, compute, weigh);
  }

  /** Reads the generation once, for several values that must be of the same one (a query's lists): they are kept for it, as `keep` keeps. */
  async atGeneration(): Promise<Keep> {
    const row = await this.db.selectFrom("patentSearchState").select("generation").where("id", "=", 1).executeTakeFirstOrThrow();
    const generation = Number(row.generation);
    if (this.generation === null || generation > this.generation) {
      this.kept.clear();
      this.weight = 0;
      this.generation = generation;
    }
    return (key, compute, weigh) => this.keepAt(generation, key, compute, weigh);
  }

  /** Whether a value is kept, or being computed, for the generation read last. */
  holds(key: string): boolean {
    return this.kept.has(key);
  }

  private keepAt<T>(generation: number, key: string, compute: () => Promise<T>, weigh: (value: T) => number = () => 1): Promise<T> {
    // Read before another call saw a newer generation: computed, not kept.
    if (this.generation !== null && generation < this.generation) return compute();
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept.value as Promise<T>;
    }
    // The promise is kept at once, so that the same question asked meanwhile waits for this value;
    // it weighs 1 until it is known.
    const value = compute();
    const entry = { value, weight: 1 };
    this.kept.set(key, entry);
    this.weight += entry.weight;
    value.then(
      (known) => {
        if (this.kept.get(key) !== entry) return;
        const weight = weigh(known);
        this.weight += weight - entry.weight;
        entry.weight = weight;
        this.evict();
      },
      () => {
        if (this.kept.get(key) === entry) this.forget(key);
      },
    );
    this.evict();
    return value;
  }

  private forget(key: string) {
    const entry = this.kept.get(key);
    if (!entry) return;
    this.kept.delete(key);
    this.weight -= entry.weight;
  }

  private evict() {
    while (this.weight > this.budget && this.kept.size > 0) this.forget(this.kept.keys().next().value as string);
  }
}

/**
 * Answers of searches and statistics kept in this process until the next import commits
 * (GenerationKeep), at most `size` of them. A search's summary (count and facets) is kept apart
 * from its pages: another page of it reads only the page.
 */
export class CachedPatentSearch implements PatentSearchEngine {
  private readonly answers: GenerationKeep;

  constructor(
    private readonly engine: PatentSearchEngine,
    db: Kysely<Database>,
    size: number,
  ) {
    this.answers = new GenerationKeep(db, size);
  }

  private cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.answers.keep(key, compute);
  }

  summary(query: PatentQuery): Promise<PatentSummary> {
    return this.cached(keyOf("summary", query), () => this.engine.summary(query));
  }

  search(query: PatentQuery, page: PatentPageRequest): Promise<PatentSearchResult> {
    return this.cached(keyOf("search", query, page), async () => this.engine.search(query, page, await this.summary(query)));
  }

  allFacets(query: PatentQuery): Promise<PatentFacets> {
    return this.cached(keyOf("allFacets", query), () => this.engine.allFacets(query));
  }

  stats(query: PatentQuery, year: number): Promise<PatentStats> {
    return this.cached(keyOf("stats", query, year), () => this.engine.stats(query, year));
  }

  ipcGroups(query: PatentQuery, size: number): Promise<{ code: string; count: number }[]> {
    return this.cached(keyOf("ipcGroups", query, size), () => this.engine.ipcGroups(query, size));
  }

  count(query: PatentQuery, cap: number): Promise<PatentCount> {
    return this.engine.count(query, cap);
  }

  scan(query: PatentQuery, orders: readonly PatentOrder[] | undefined, max: number): AsyncGenerator<PatentDetail[]> {
    return this.engine.scan(query, orders, max);
  }

  byId(id: number): Promise<PatentDetail | undefined> {
    return this.engine.byId(id);
  }

  matching(query: PatentQuery, ids: readonly number[]): Promise<number[]> {
    return this.engine.matching(query, ids);
  }
}

/** A question as a key: the same filter however its fields were ordered or left empty. */
function keyOf(kind: string, ...parts: unknown[]): string {
  return JSON.stringify([kind, ...parts], (_, value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, field]) => field !== undefined && field !== "")
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : value,
  );
}
