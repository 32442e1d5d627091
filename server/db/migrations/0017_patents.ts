import { sql, type Kysely } from "kysely";
import type { Dialect } from "../database";
import { columnTypes } from "./columns";

/**
 * Issue 12: patents imported from the exports analysts hold, searchable in Chinese and English.
 *
 * A patent's lists (applicants, inventors, IPC…) are kept as JSON text in its row, to show as
 * imported; the ones the search filters and counts by are also rows of their own (applicants,
 * IPC codes, segments; on SQLite clustered by patent, WITHOUT ROWID, so one patent's rows are read
 * together), each with an index that leads with what a filter names, and the single-valued ones
 * in one narrow row a patent (patent_facts). Dates are
 * YYYY-MM-DD text, '' when unknown, so that sorting by them is the same on both engines (they
 * order NULL differently) and uses the index.
 *
 * The full-text index holds the shared tokenizer's pieces (contract/patents/tokenizer.ts), never
 * an engine's own analysis: on SQLite an FTS5 table whose rowid is the patent's id, on PostgreSQL a
 * tsvector in a table of its own (patent_search) written as a literal (server/modules/patents/search/fullText.ts), both with a
 * GIN-like inverted index and positions, so a term is a phrase of its bigrams on both.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  const clustered = <T extends { modifyEnd(modifier: ReturnType<typeof sql>): T }>(table: T): T => (dialect === "sqlite" ? table.modifyEnd(sql`without rowid`) : table);
  const date = (c: Parameters<typeof t.autoId>[0]) => c.notNull().defaultTo("");
  const patents = db.schema
    .createTable("patents")
    .addColumn("id", "integer", t.autoId)
    .addColumn("publication_number", "text", (c) => c.notNull().unique())
    .addColumn("application_number", "text")
    // The application number as searched: upper case, without spaces, separators or dots.
    .addColumn("application_key", "text")
    .addColumn("apply_date", "text", date)
    .addColumn("apply_year", "integer")
    .addColumn("publication_date", "text", date)
    .addColumn("grant_date", "text", date)
    .addColumn("grant_year", "integer")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("abstract", "text")
    .addColumn("applicants", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("applicant_address", "text")
    .addColumn("province", "text")
    .addColumn("city", "text")
    .addColumn("district", "text")
    .addColumn("credit_code", "text")
    .addColumn("inventors", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("ipc", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("main_ipc", "text")
    .addColumn("cpc", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("patent_type", "text", (c) => c.notNull())
    .addColumn("legal_status", "text", (c) => c.notNull())
    .addColumn("priority_numbers", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("family", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("cited_by", "integer")
    .addColumn("jurisdiction", "text")
    .addColumn("segments", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("imported_at", t.timestamp, t.createdNow)
    .addColumn("updated_at", t.timestamp, t.createdNow);
  await patents.execute();
  await db.schema.createIndex("patents_application_key_idx").on("patents").columns(["application_key"]).execute();

  // What the filters, the sorts and the facets read, one narrow row a patent (the `patents` row is
  // wide: the search used to read it once a match, which was most of a broad search's time).
  await db.schema
    .createTable("patent_facts")
    .addColumn("patent_id", "integer", (c) => c.primaryKey().references("patents.id").onDelete("cascade"))
    .addColumn("patent_type", "text", (c) => c.notNull())
    .addColumn("legal_status", "text", (c) => c.notNull())
    .addColumn("district", "text")
    .addColumn("credit_code", "text")
    .addColumn("apply_date", "text", date)
    .addColumn("apply_year", "integer")
    .addColumn("grant_year", "integer")
    .addColumn("publication_date", "text", date)
    // The many-valued facets as JSON, so that one read of a narrow row a match counts every facet:
    // applicants as [normalised name, name] pairs, IPC subclasses and segments once each.
    .addColumn("applicant_keys", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("subclasses", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("segments", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema.createIndex("patent_facts_type_idx").on("patent_facts").columns(["patent_type", "patent_id"]).execute();
  await db.schema.createIndex("patent_facts_status_idx").on("patent_facts").columns(["legal_status", "patent_id"]).execute();
  await db.schema.createIndex("patent_facts_district_idx").on("patent_facts").columns(["district", "patent_id"]).execute();
  await db.schema.createIndex("patent_facts_credit_code_idx").on("patent_facts").columns(["credit_code", "patent_id"]).execute();
  await db.schema.createIndex("patent_facts_apply_date_idx").on("patent_facts").columns(["apply_date", "patent_id"]).execute();
  await db.schema.createIndex("patent_facts_publication_date_idx").on("patent_facts").columns(["publication_date", "patent_id"]).execute();

  await db.schema
    .createTable("patent_applicants")
    .addColumn("patent_id", "integer", (c) => c.notNull().references("patents.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    // contract/patents/normalise.ts: brackets, widths, spaces and 有限公司 variants folded, to match companies.
    .addColumn("normalised_name", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("patent_applicants_pk", ["patent_id", "position"])
    .$call(clustered)
    .execute();
  await db.schema.createIndex("patent_applicants_name_idx").on("patent_applicants").columns(["normalised_name", "patent_id"]).execute();

  await db.schema
    .createTable("patent_ipc")
    .addColumn("patent_id", "integer", (c) => c.notNull().references("patents.id").onDelete("cascade"))
    .addColumn("code", "text", (c) => c.notNull())
    // The subclass (H01L) and the main group (H01L21): the facet and the profile's groups.
    .addColumn("subclass", "text", (c) => c.notNull())
    .addColumn("group_code", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("patent_ipc_pk", ["patent_id", "code"])
    .$call(clustered)
    .execute();
  await db.schema.createIndex("patent_ipc_code_idx").on("patent_ipc").columns(["code", "patent_id"]).execute();
  await db.schema.createIndex("patent_ipc_subclass_idx").on("patent_ipc").columns(["subclass", "patent_id"]).execute();

  await db.schema
    .createTable("patent_segments")
    .addColumn("patent_id", "integer", (c) => c.notNull().references("patents.id").onDelete("cascade"))
    .addColumn("segment", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("patent_segments_pk", ["patent_id", "segment"])
    .$call(clustered)
    .execute();
  await db.schema.createIndex("patent_segments_segment_idx").on("patent_segments").columns(["segment", "patent_id"]).execute();

  if (dialect === "postgres") {
    // The tokens apart from the wide row. toast_tuple_target was meant to move them out of line,
    // leaving rows of an id and a pointer; PostgreSQL only moves values out of rows longer than
    // about 2 KB, and most patents' vectors are shorter, so it leaves them in the rows (README).
    await sql`create table patent_search (patent_id integer primary key references patents (id) on delete cascade, search_vector tsvector not null) with (toast_tuple_target = 128)`.execute(db);
    await sql`alter table patent_search alter column search_vector set storage external`.execute(db);
    await sql`create index patent_search_idx on patent_search using gin (search_vector)`.execute(db);
    // Number and IPC prefixes are LIKE 'H01L21%' there (GLOB on SQLite, which the plain indexes
    // serve): a pattern index serves them whatever the database's collation.
    await sql`create index patents_publication_prefix_idx on patents (publication_number text_pattern_ops)`.execute(db);
    await sql`create index patents_application_prefix_idx on patents (application_key text_pattern_ops)`.execute(db);
    await sql`create index patent_ipc_prefix_idx on patent_ipc (code text_pattern_ops, patent_id)`.execute(db);
  } else {
    // Contentless (the text is in patents), with deletes by rowid; the tokens come folded and
    // split by spaces, so unicode61 only has to split at the spaces.
    await sql`create virtual table patents_fts using fts5(title, abstract, content = '', contentless_delete = 1, tokenize = "unicode61 remove_diacritics 0")`.execute(db);
  }

  // Import jobs live here so that any server process answers the poll; the process that took the
  // upload runs the job and beats its heartbeat.
  await db.schema
    .createTable("patent_import_jobs")
    .addColumn("id", "integer", t.autoId)
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("file_id", "text", (c) => c.notNull().references("files.id"))
    .addColumn("mapping", "text")
    .addColumn("created_by", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", t.timestamp, t.createdNow)
    .addColumn("heartbeat_at", t.timestamp, t.createdNow)
    .addColumn("finished_at", t.timestamp)
    .addColumn("processed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("imported", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("skipped", "integer", (c) => c.notNull().defaultTo(0))
    // The first rows' problems as JSON [{line, problem, field?}], worded when polled, and how many in all.
    .addColumn("errors", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("error_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failure", "text")
    .execute();

  // The rows read by a running job, until it writes them all in one transaction.
  await db.schema
    .createTable("patent_import_rows")
    .addColumn("job_id", "integer", (c) => c.notNull().references("patent_import_jobs.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("record", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("patent_import_rows_pk", ["job_id", "seq"])
    .execute();

  await db.schema
    .createTable("patent_mapping_presets")
    .addColumn("id", "integer", t.autoId)
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("mapping", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("updated_at", t.timestamp, t.createdNow)
    .execute();
}
