import { CamelCasePlugin, sql, type Kysely } from "kysely";
import { codesOfStored } from "../../modules/patents/search/values";
import { factsOf, writeFullText } from "../../modules/patents/store";
import type { Dialect } from "../database";
import type { Database } from "../schema";

/** Patents written a batch at a time. */
const BATCH = 2000;

/**
 * SQLite's full-text rows keyed by publication date, then id (fullTextKey in
 * server/modules/patents/search/fullText.ts), no longer by id alone: FTS5 walks its matches in
 * rowid order, which is now the list's default order, so a page of a broad search is the next
 * rows of that walk instead of a sort of the matches of its first months. patent_facts takes the
 * same key as its rowid, so that the facts of the matches a walk reads (the facets' sample, every
 * match for the statistics) lie in that order too: read by patent id, they would be one page of
 * the table each. The index is contentless and cannot be re-keyed in place: the patents already
 * stored are written again from their text and their kept facet codes (about 4 minutes a million
 * patents on a 2-core machine). PostgreSQL's GIN index has no order; nothing changes there.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === "sqlite") await writeFullTextAnew(db, dialect);
}

/**
 * SQLite's full-text index and patent_facts written anew under the current fullTextKey, from the
 * patents' text and the facet codes patent_facts keeps (keyed by id before this migration, by an
 * earlier fullTextKey after it: migration 0023).
 */
export async function writeFullTextAnew(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`drop table patents_fts`.execute(db);
  await sql`create virtual table patents_fts using fts5(title, abstract, tags, content = '', contentless_delete = 1, tokenize = "unicode61 remove_diacritics 0")`.execute(db);
  await sql`alter table patent_facts rename to patent_facts_before`.execute(db);
  await sql`drop index patent_facts_apply_date_idx`.execute(db);
  await sql`drop index patent_facts_publication_date_idx`.execute(db);
  await db.schema
    .createTable("patent_facts")
    .addColumn("full_text_key", "integer", (c) => c.primaryKey())
    .addColumn("patent_id", "integer", (c) => c.notNull().unique().references("patents.id").onDelete("cascade"))
    .addColumn("apply_date", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("publication_date", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("facet_codes", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  const app = db.withPlugin(new CamelCasePlugin()) as unknown as Kysely<Database>;
  for (let after = 0; ; ) {
    const rows = await sql<{ id: number; title: string; abstract: string | null; applyDate: string; publicationDate: string; facetCodes: string }>`
      select p.id, p.title, p.abstract, f.apply_date, f.publication_date, f.facet_codes
      from patents p join patent_facts_before f on f.patent_id = p.id
      where p.id > ${after} order by p.id limit ${BATCH}`.execute(app);
    if (rows.rows.length === 0) break;
    const patents = rows.rows.map((row) => ({ ...row, codes: codesOfStored(row.facetCodes) }));
    await app
      .insertInto("patentFacts")
      .values(patents.map((patent) => factsOf(dialect, patent, patent.codes)))
      .execute();
    await writeFullText(app, dialect, patents);
    after = patents[patents.length - 1].id;
  }
  await sql`drop table patent_facts_before`.execute(db);
  await db.schema.createIndex("patent_facts_apply_date_idx").on("patent_facts").columns(["apply_date", "patent_id"]).execute();
  await db.schema.createIndex("patent_facts_publication_date_idx").on("patent_facts").columns(["publication_date", "patent_id"]).execute();
}
