import { CamelCasePlugin, sql, type Kysely } from "kysely";
import { indexPatents, type PatentToIndex } from "../../modules/patents/store";
import type { Dialect } from "../database";
import type { Database } from "../schema";
import { columnTypes } from "./columns";

/** Patents indexed a statement batch at a time (each a few statements per table). */
const BATCH = 1000;

/**
 * Issue 12's search at a million patents: filters become terms of the full-text index, and the
 * facets and statistics count codes (server/modules/patents/search/values.ts).
 *
 * Every value a patent is filtered or counted by (type, status, district, years and months,
 * IPC subclass, group and code, segment, applicant by normalised name, credit code) is a row of
 * patent_facet_values, with the number of patents that have it, kept by the import: the unfiltered
 * facets and statistics are read from those counts, an applicant's "contains" reads these names
 * instead of every applicant row, an IPC prefix the codes it covers. A patent's full-text document
 * gains its values' tags (SQLite: a third FTS5 column; PostgreSQL: lexemes without positions), so
 * the index intersects a filter with the keywords. patent_facts keeps the dates a list sorts by and
 * the values' codes, which a search or a statistic counts in one read a match; on PostgreSQL they
 * are an integer array under a GIN index, which answers a filter of values alone from this narrow
 * table rather than from the full-text rows (a kilobyte each). What only the dropped tables and
 * columns answered (patent_segments; the facts' type, status, district, credit code, years and
 * JSON lists; the IPC rows' subclass and group) is answered so now.
 *
 * The patents already stored are indexed again here, a thousand at a time, the indexes built after:
 * about 5 minutes a million patents on SQLite, 10 on PostgreSQL, on a 2-core machine.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable("patent_facet_values")
    .addColumn("id", "integer", t.autoId)
    .addColumn("facet", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("shown", "text")
    .addColumn("patents", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("patent_facet_values_facet_value_key", ["facet", "value"])
    .execute();
  // The most frequent values of a facet first: the unfiltered facets and statistics.
  await db.schema.createIndex("patent_facet_values_count_idx").on("patent_facet_values").columns(["facet", "patents"]).execute();
  if (dialect === "postgres") {
    // An IPC prefix reads the codes it covers (LIKE 'H01L21/%'), whatever the database's collation.
    await sql`create index patent_facet_values_prefix_idx on patent_facet_values (facet, value text_pattern_ops)`.execute(db);
  }

  await db.schema
    .createTable("patent_search_state")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("generation", "integer", (c) => c.notNull())
    .execute();
  await sql`insert into patent_search_state (id, generation) values (1, 0)`.execute(db);
  if (dialect === "postgres") {
    // An import writes patents in many calls of one transaction: updating the counts at each call
    // would leave a version of the same rows each time, for the later calls to step over. The calls
    // append their changes here instead; every write moves the generation on first, and that
    // update's trigger, deferred to the commit, adds the transaction's changes up into the counts
    // once. Unlogged: what is here at a crash belonged to a transaction that did not commit.
    await sql`create unlogged table patent_facet_deltas (xact xid8 not null default pg_current_xact_id(), value_id integer not null, delta integer not null)`.execute(db);
    await sql`create index patent_facet_deltas_xact_idx on patent_facet_deltas (xact)`.execute(db);
    await sql`
      create function patent_facet_deltas_fold() returns trigger language plpgsql as $$
      begin
        update patent_facet_values v set patents = v.patents + d.delta
          from (select value_id, sum(delta)::integer as delta from patent_facet_deltas where xact = pg_current_xact_id() group by value_id) d
          where v.id = d.value_id;
        delete from patent_facet_deltas where xact = pg_current_xact_id();
        return null;
      end $$`.execute(db);
    await sql`create constraint trigger patent_facet_deltas_fold after update on patent_search_state deferrable initially deferred for each row execute function patent_facet_deltas_fold()`.execute(db);
  }

  await db.schema.dropTable("patent_facts").execute();
  await db.schema
    .createTable("patent_facts")
    .addColumn("patent_id", "integer", (c) => c.primaryKey().references("patents.id").onDelete("cascade"))
    .addColumn("apply_date", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("publication_date", "text", (c) => c.notNull().defaultTo(""))
    // server/modules/patents/search/values.ts, StoredCodes: integer[] under a GIN index on PostgreSQL, text on SQLite.
    .addColumn("facet_codes", dialect === "postgres" ? sql`integer[]` : "text", (c) => c.notNull().defaultTo(dialect === "postgres" ? sql`'{}'` : ""))
    .execute();

  await db.schema.dropTable("patent_segments").execute();
  await db.schema.dropIndex("patent_ipc_subclass_idx").execute();
  await db.schema.alterTable("patent_ipc").dropColumn("subclass").execute();
  await db.schema.alterTable("patent_ipc").dropColumn("group_code").execute();

  if (dialect === "sqlite") {
    await sql`drop table patents_fts`.execute(db);
    await sql`create virtual table patents_fts using fts5(title, abstract, tags, content = '', contentless_delete = 1, tokenize = "unicode61 remove_diacritics 0")`.execute(db);
  } else {
    // Filled anew below; its GIN index is built once, after, rather than row by row.
    await sql`drop index patent_search_idx`.execute(db);
    await sql`delete from patent_search`.execute(db);
  }

  const app = db.withPlugin(new CamelCasePlugin()) as unknown as Kysely<Database>;
  for (let after = 0; ; ) {
    const rows = await app.selectFrom("patents").selectAll().where("id", ">", after).orderBy("id").limit(BATCH).execute();
    if (rows.length === 0) break;
    const patents: PatentToIndex[] = rows.map((row) => ({
      id: row.id,
      title: row.title,
      abstract: row.abstract,
      patentType: row.patentType,
      legalStatus: row.legalStatus,
      district: row.district,
      creditCode: row.creditCode,
      applyDate: row.applyDate || null,
      grantDate: row.grantDate || null,
      publicationDate: row.publicationDate || null,
      ipc: JSON.parse(row.ipc) as string[],
      mainIpc: row.mainIpc,
      segments: JSON.parse(row.segments) as string[],
      applicants: JSON.parse(row.applicants) as string[],
    }));
    // patent_facts as made above; migration 0022 keys it on SQLite.
    await indexPatents(app, dialect, patents, [], false);
    after = rows[rows.length - 1].id;
  }

  await db.schema.createIndex("patent_facts_apply_date_idx").on("patent_facts").columns(["apply_date", "patent_id"]).execute();
  await db.schema.createIndex("patent_facts_publication_date_idx").on("patent_facts").columns(["publication_date", "patent_id"]).execute();
  if (dialect === "postgres") {
    await sql`create index patent_facts_codes_idx on patent_facts using gin (facet_codes)`.execute(db);
    await sql`create index patent_search_idx on patent_search using gin (search_vector)`.execute(db);
  }
}
