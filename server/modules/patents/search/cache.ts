import type { Kysely } from "kysely";
import type { PatentDetail, PatentFacets, PatentSearchResult, PatentStats } from "../../../../contract/schemas/patents";
import type { Database } from "../../../db/schema";
import type { PatentCount, PatentOrder, PatentPageRequest, PatentQuery, PatentSearchEngine, PatentSummary } from "./engine";

/**
 * Answers of searches and statistics kept in this process, each for the generation of the
 * patents it was computed from. The generation is a row of the database (patent_search_state,
 * migration 0021) that every write of patents moves on inside its own transaction, and it is read
 * on every call: once an import commits, in whichever server process, no process answers from
 * what it kept before. The database stays the only source of truth; a process only remembers
 * what it computed from it, at most `size` answers (the least recently used go first). A search's
 * summary (count and facets) is kept apart from its pages: another page of it reads only the page.
 *
 * Answers are shared between the callers that get them: they are read, never changed.
 */
export class CachedPatentSearch implements PatentSearchEngine {
  private readonly answers = new Map<string, Promise<unknown>>();
  private generation: number | null = null;

  constructor(
    private readonly engine: PatentSearchEngine,
    private readonly db: Kysely<Database>,
    private readonly size: number,
  ) {}

  private async cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const row = await this.db.selectFrom("patentSearchState").select("generation").where("id", "=", 1).executeTakeFirstOrThrow();
    const generation = Number(row.generation);
    if (this.generation === null || generation > this.generation) {
      this.answers.clear();
      this.generation = generation;
    }
    // A call that read the generation before another call saw a newer one: answered, not kept.
    if (generation < this.generation) return compute();
    const kept = this.answers.get(key);
    if (kept) {
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept as Promise<T>;
    }
    // The promise is kept at once, so that the same question asked meanwhile waits for this answer.
    const answer = compute();
    this.answers.set(key, answer);
    answer.catch(() => {
      if (this.answers.get(key) === answer) this.answers.delete(key);
    });
    while (this.answers.size > this.size) this.answers.delete(this.answers.keys().next().value as string);
    return answer;
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
