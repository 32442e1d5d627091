import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import { companyNameKey } from "../../../contract/patents/normalise";
import type { PatentRecord } from "../../../contract/patents/record";
import type { Dialect } from "../../db/database";
import type { Database, PatentFactsTable, PatentsTable } from "../../db/schema";
import { toDbTime } from "../../db/time";
import { documentText, fts5Document, fullTextKey, tsvectorLiteral, type DocumentText } from "./search/fullText";
import { numberKey } from "./search/sql";
import { codeOf, codesOfStored, COUNTED, facetOfCode, idOfCode, ipcCodes, storedCodes, valuesOf, type FacetValue, type IndexedPatent, type StoredCodes } from "./search/values";

export interface WriteCounts {
  imported: number;
  updated: number;
}

const yearOf = (date: string | null) => (date ? Number(date.slice(0, 4)) : null);
const json = (values: readonly unknown[]) => JSON.stringify(values);

/** The row of a patent. */
function columnsOf(record: PatentRecord, now: Date | string): Insertable<PatentsTable> {
  return {
    publicationNumber: record.publicationNumber,
    applicationNumber: record.applicationNumber,
    applicationKey: record.applicationNumber === null ? null : numberKey(record.applicationNumber) || null,
    applyDate: record.applyDate ?? "",
    applyYear: yearOf(record.applyDate),
    publicationDate: record.publicationDate ?? "",
    grantDate: record.grantDate ?? "",
    grantYear: yearOf(record.grantDate),
    title: record.title,
    abstract: record.abstract,
    applicants: json(record.applicants),
    applicantAddress: record.applicantAddress,
    province: record.province,
    city: record.city,
    district: record.district,
    creditCode: record.creditCode,
    inventors: json(record.inventors),
    ipc: json(record.ipc),
    mainIpc: record.mainIpc,
    cpc: json(record.cpc),
    patentType: record.patentType,
    legalStatus: record.legalStatus,
    priorityNumbers: json(record.priorityNumbers),
    family: json(record.family),
    citedBy: record.citedBy,
    jurisdiction: record.jurisdiction,
    segments: json(record.segments),
    updatedAt: now,
  };
}

/** Rows a statement writes at most: within either engine's bound parameters (SQLite's 32,766) at the widest table. */
const STATEMENT_ROWS = 500;

/**
 * Writes a batch of patents inside the caller's transaction: a publication number already stored
 * updates its patent (a re-import never duplicates), a new one inserts it, a statement a few
 * hundred rows on both engines (an upsert on the number); its applicants, IPC codes, facts and
 * full-text entry are written anew either way, and the counts of its facet values follow (the old
 * values of an updated patent uncounted). Within a batch the last row of a number wins.
 */
export async function writePatents(trx: Transaction<Database>, dialect: Dialect, batch: readonly PatentToWrite[]): Promise<WriteCounts> {
  // First of all (see transactionState): on PostgreSQL a second import waits here until the first
  // commits, so that it then reads the patents the first wrote as stored ones (otherwise it would
  // take a patent both write for new, and its facts row for that patent would be refused).
  await transactionState(trx);
  const byNumber = new Map<string, PatentToWrite>();
  for (const record of batch) byNumber.set(record.publicationNumber, record);
  const duplicates = batch.length - byNumber.size;
  const now = toDbTime(dialect, new Date());
  const records = [...byNumber.values()];
  const kept: { id: number; publicationDate: string; facetCodes: StoredCodes }[] = [];
  for (const chunk of chunks([...byNumber.keys()], STATEMENT_ROWS)) {
    const rows = await trx
      .selectFrom("patents as p")
      .innerJoin("patentFacts as f", "f.patentId", "p.id")
      .select(["p.id", "f.publicationDate", "f.facetCodes"])
      .where("p.publicationNumber", "in", chunk)
      .execute();
    kept.push(...rows);
  }

  const ids = new Map<string, number>();
  for (const chunk of chunks(records, STATEMENT_ROWS)) {
    const written = await trx
      .insertInto("patents")
      .values(chunk.map((record) => ({ ...columnsOf(record, now), importedAt: now })))
      .onConflict((oc) =>
        // Each column to its `excluded` value; the object is built from a list, so its type is given.
        oc.column("publicationNumber").doUpdateSet((eb) => Object.fromEntries(UPDATED_COLUMNS.map((column) => [column, eb.ref(`excluded.${column}`)])) as Record<UpdatedColumn, never>),
      )
      .returning(["id", "publicationNumber"])
      .execute();
    for (const row of written) ids.set(row.publicationNumber, row.id);
  }
  const idOf = (record: PatentRecord): number => {
    const id = ids.get(record.publicationNumber);
    if (id === undefined) throw new Error(`patent ${record.publicationNumber} was neither found nor inserted`);
    return id;
  };
  for (const chunk of chunks(kept, STATEMENT_ROWS)) {
    const chunkIds = chunk.map((row) => row.id);
    await trx.deleteFrom("patentFacts").where("patentId", "in", chunkIds).execute();
    await trx.deleteFrom("patentApplicants").where("patentId", "in", chunkIds).execute();
    await trx.deleteFrom("patentIpc").where("patentId", "in", chunkIds).execute();
    if (dialect === "sqlite") await sql`delete from patents_fts where rowid in (${sql.join(chunk.map((row) => fullTextKey(row.publicationDate, row.id)))})`.execute(trx);
    else await sql`delete from patent_search where patent_id in (${sql.join(chunkIds)})`.execute(trx);
  }

  const applicants = records.flatMap((record) =>
    record.applicants.map((name, position) => ({ patentId: idOf(record), position, name, normalisedName: companyNameKey(name) })),
  );
  const ipc = records.flatMap((record) => ipcCodes(record).map((code) => ({ patentId: idOf(record), code })));
  for (const chunk of chunks(applicants, STATEMENT_ROWS)) await trx.insertInto("patentApplicants").values(chunk).execute();
  for (const chunk of chunks(ipc, STATEMENT_ROWS)) await trx.insertInto("patentIpc").values(chunk).execute();
  await indexPatents(
    trx,
    dialect,
    records.map((record) => ({ ...record, id: idOf(record) })),
    kept.map((row) => row.facetCodes),
  );
  return { imported: records.length - kept.length, updated: kept.length + duplicates };
}

/** A patent to write, with its full-text document's text when it was made already (an import's reader thread makes it). */
export type PatentToWrite = PatentRecord & { text?: DocumentText };

/** A patent as the search indexes it: its id, text (and its document's, when made already) and the fields of its facet values. */
export interface PatentToIndex extends IndexedPatent {
  id: number;
  title: string;
  abstract: string | null;
  text?: DocumentText;
}

/**
 * The search's part of writing patents whose own rows are written: the values of their facets
 * (new ones added to patent_facet_values), the counts of the counted ones (`replaced`: the facet
 * codes of the patents' former versions, uncounted), their facts rows and their full-text
 * documents with the values' tags. Also what migration 0021 runs over the patents stored before it.
 *
 * An import calls this many times in one transaction. Counting each call's values at once would
 * update the same rows again and again: cheap on SQLite, which updates in place, but on PostgreSQL
 * every update leaves a version of the row that later statements of the same transaction step
 * over, so an import's cost would grow with the square of its calls. There each call appends its
 * changes to patent_facet_deltas, which a trigger deferred to the commit adds up into the counts
 * once (migration 0021): so `db` must be a transaction there (an import's, or the migration's),
 * or the changes would never be added.
 */
export async function indexPatents(
  db: Kysely<Database>,
  dialect: Dialect,
  patents: readonly PatentToIndex[],
  replaced: readonly StoredCodes[],
  /** false: patent_facts as migration 0021 made it, before 0022 keyed it on SQLite (0021 indexes the patents stored before it). */
  factsKeyed = true,
): Promise<void> {
  const state = await transactionState(db);
  const values = patents.map(valuesOf);
  const ids = await valueIds(db, values.flat(), state.values);
  const codesOf = (list: readonly FacetValue[]) => list.map((value) => codeOf(ids.get(keyOf(value)) ?? missing(value), value.facet));
  const codes = values.map(codesOf);

  const deltas = new Map<number, number>();
  const count = (code: number, by: number) => {
    if (COUNTED.has(facetOfCode(code))) deltas.set(idOfCode(code), (deltas.get(idOfCode(code)) ?? 0) + by);
  };
  for (const list of codes) for (const code of list) count(code, 1);
  for (const stored of replaced) for (const code of codesOfStored(stored)) count(code, -1);
  const changed = [...deltas].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a - b);
  if (dialect === "postgres") {
    for (const chunk of chunks(changed, STATEMENT_ROWS)) await db.insertInto("patentFacetDeltas").values(chunk.map(([valueId, delta]) => ({ valueId, delta }))).execute();
  } else {
    const byDelta = new Map<number, number[]>();
    for (const [id, delta] of changed) listIn(byDelta, delta).push(id);
    for (const [delta, list] of byDelta) {
      for (const chunk of chunks(list, STATEMENT_ROWS)) {
        await db
          .updateTable("patentFacetValues")
          .set((eb) => ({ patents: eb("patents", "+", delta) }))
          .where("id", "in", chunk)
          .execute();
      }
    }
  }

  const facts = patents.map((patent, index) => factsOf(dialect, patent, codes[index], factsKeyed));
  for (const chunk of chunks(facts, STATEMENT_ROWS)) await db.insertInto("patentFacts").values(chunk).execute();
  await writeFullText(
    db,
    dialect,
    patents.map((patent, index) => ({ ...patent, codes: codes[index] })),
  );
}

/** A patent's patent_facts row; on SQLite keyed as its full-text document is, so that a walk of the index reads the rows in their order. */
export function factsOf(
  dialect: Dialect,
  patent: { id: number; applyDate: string | null; publicationDate: string | null },
  codes: readonly number[],
  keyed = true,
): Insertable<PatentFactsTable> {
  return {
    ...(dialect === "sqlite" && keyed ? { fullTextKey: fullTextKey(patent.publicationDate, patent.id) } : {}),
    patentId: patent.id,
    applyDate: patent.applyDate ?? "",
    publicationDate: patent.publicationDate ?? "",
    facetCodes: storedCodes(dialect, codes),
  };
}

/**
 * The full-text documents of patents with their facet codes: FTS5 rows keyed by fullTextKey on
 * SQLite, tsvectors on PostgreSQL. Also what migration 0022 writes anew.
 */
export async function writeFullText(
  db: Kysely<Database>,
  dialect: Dialect,
  patents: readonly { id: number; title: string; abstract: string | null; text?: DocumentText; publicationDate: string | null; codes: readonly number[] }[],
): Promise<void> {
  for (const chunk of chunks(patents, STATEMENT_ROWS)) {
    const rows = chunk.map((patent) => {
      const text = patent.text ?? documentText(dialect, patent.title, patent.abstract);
      if ("lexemes" in text) return sql`(${patent.id}, ${tsvectorLiteral(text.lexemes, patent.codes)}::tsvector)`;
      const document = fts5Document(text, patent.codes);
      return sql`(${fullTextKey(patent.publicationDate, patent.id)}, ${document.title}, ${document.abstract}, ${document.tags})`;
    });
    if (dialect === "postgres") await sql`insert into patent_search (patent_id, search_vector) values ${sql.join(rows)}`.execute(db);
    else await sql`insert into patents_fts (rowid, title, abstract, tags) values ${sql.join(rows)}`.execute(db);
  }
}

/**
 * FTS5 pages a step of compactFullText writes: a step holds SQLite's write lock (and this
 * process's thread) for some 20 ms at a million patents.
 */
const MERGE_PAGES = 500;

/**
 * Merges SQLite's full-text index into one segment, a step at a time, each step a transaction
 * of its own. Every write transaction adds a segment, and FTS5's own merging leaves a large
 * import's index in some twenty: each term is then read from every one of them, which made the
 * searches' walks a third dearer at a million patents. Steps go on until one has nothing left to
 * merge (FTS5's documented test: the connection's count of changes moves by the step's own row
 * only). PostgreSQL's GIN index needs nothing of the kind.
 */
export async function compactFullText(db: Kysely<Database>, dialect: Dialect, signal?: AbortSignal): Promise<void> {
  if (dialect !== "sqlite") return;
  const changes = async (trx: Transaction<Database>) => Number((await sql<{ n: number }>`select total_changes() as n`.execute(trx)).rows[0].n);
  for (;;) {
    signal?.throwIfAborted();
    // A transaction holds the connection: no other call's write lands between the counts.
    const merged = await db.transaction().execute(async (trx) => {
      const before = await changes(trx);
      await sql`insert into patents_fts (patents_fts, rank) values ('merge', ${-MERGE_PAGES})`.execute(trx);
      return (await changes(trx)) - before > 1;
    });
    if (!merged) return;
    // The calls waiting meanwhile run between the steps.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A stored value as a transaction last saw or wrote it. */
interface KnownValue {
  id: number;
  shown: string | null;
}

/** What the calls of one transaction share: the values already looked up (a rolled-back transaction's are forgotten with it). */
interface TransactionState {
  values: Map<string, KnownValue>;
}
const transactions = new WeakMap<Kysely<Database>, TransactionState>();

/**
 * The transaction's state, its first call moving the patents' generation on first of all: a cached
 * search answer (search/cache.ts) of an earlier generation is stale once this commits, and on
 * PostgreSQL the row's lock makes writers wait for one another before they touch the shared
 * values (two imports adding the same values in turn could deadlock), and its update schedules
 * the counts' trigger at the commit.
 */
async function transactionState(db: Kysely<Database>): Promise<TransactionState> {
  let state = transactions.get(db);
  if (!state) {
    await db
      .updateTable("patentSearchState")
      .set((eb) => ({ generation: eb("generation", "+", 1) }))
      .where("id", "=", 1)
      .execute();
    transactions.set(db, (state = { values: new Map() }));
  }
  return state;
}

const keyOf = (value: { facet: string; value: string }) => `${value.facet}\u0000${value.value}`;
const missing = (value: FacetValue): never => {
  throw new Error(`facet value ${value.facet} ${value.value} was neither found nor inserted`);
};

/**
 * The ids of facet values, those not stored yet inserted (`known`: the transaction's, read before).
 * An applicant's shown name becomes the least of the ways it is written (compared here, by code
 * point, so that both engines agree).
 */
async function valueIds(db: Kysely<Database>, values: readonly FacetValue[], known: Map<string, KnownValue>): Promise<Map<string, number>> {
  const wanted = new Map<string, FacetValue>();
  for (const value of values) {
    const key = keyOf(value);
    const seen = wanted.get(key);
    if (!seen || (value.shown !== undefined && (seen.shown === undefined || value.shown < seen.shown))) wanted.set(key, value);
  }
  const unknown = [...wanted].filter(([key]) => !known.has(key)).map(([, value]) => value);
  const read = async (list: readonly FacetValue[]) => {
    const byFacet = new Map<string, string[]>();
    for (const value of list) listIn(byFacet, value.facet).push(value.value);
    for (const [facet, names] of byFacet) {
      for (const chunk of chunks(names, STATEMENT_ROWS)) {
        const rows = await db.selectFrom("patentFacetValues").select(["id", "facet", "value", "shown"]).where("facet", "=", facet).where("value", "in", chunk).execute();
        for (const row of rows) known.set(keyOf(row), { id: row.id, shown: row.shown });
      }
    }
  };
  await read(unknown);
  const added = unknown.filter((value) => !known.has(keyOf(value)));
  for (const chunk of chunks(added, STATEMENT_ROWS)) {
    await db
      .insertInto("patentFacetValues")
      .values(chunk.map((value) => ({ facet: value.facet, value: value.value, shown: value.shown ?? null, patents: 0 })))
      .onConflict((oc) => oc.columns(["facet", "value"]).doNothing())
      .execute();
  }
  await read(added);
  const ids = new Map<string, number>();
  for (const [key, value] of wanted) {
    const stored = known.get(key);
    if (!stored) continue;
    ids.set(key, stored.id);
    if (value.shown !== undefined && (stored.shown === null || value.shown < stored.shown)) {
      await db.updateTable("patentFacetValues").set({ shown: value.shown }).where("id", "=", stored.id).execute();
      stored.shown = value.shown;
    }
  }
  return ids;
}

/** On a re-import every column is the file's, but the patent keeps its id and when it first came. */
const UPDATED_COLUMNS = [
      "applicationNumber",
      "applicationKey",
      "applyDate",
      "applyYear",
      "publicationDate",
      "grantDate",
      "grantYear",
      "title",
      "abstract",
      "applicants",
      "applicantAddress",
      "province",
      "city",
      "district",
      "creditCode",
      "inventors",
      "ipc",
      "mainIpc",
      "cpc",
      "patentType",
      "legalStatus",
      "priorityNumbers",
      "family",
      "citedBy",
      "jurisdiction",
      "segments",
      "updatedAt",
] as const satisfies readonly Exclude<keyof PatentsTable, "id" | "publicationNumber" | "importedAt">[];
type UpdatedColumn = (typeof UPDATED_COLUMNS)[number];

function listIn<K, V>(lists: Map<K, V[]>, key: K): V[] {
  let list = lists.get(key);
  if (!list) lists.set(key, (list = []));
  return list;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
