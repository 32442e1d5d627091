import { sql, type Kysely } from "kysely";
import { fullTextKey } from "../../modules/patents/search/fullText";
import type { Dialect } from "../database";
import { writeFullTextAnew } from "./0022_patent_fulltext_order";

/**
 * SQLite's full-text rows keyed so that FTS5 walks the list's default order ascending: fullTextKey
 * (server/modules/patents/search/fullText.ts) now counts the publication date and the id down,
 * where migration 0022 keyed them counting up and the searches walked the index descending, which
 * costs half as much again. The index is rewritten as 0022 wrote it (about 4
 * minutes a million patents on a 2-core machine); a database whose keys are the current ones
 * already (0022 run with this key, which it writes through the live code) or that holds no
 * patents has nothing to rewrite. PostgreSQL's GIN index has no order; nothing changes there.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "sqlite") return;
  // The key as text: it passes 2^53, past what a number holds exactly.
  const { rows } = await sql<{ key: string; id: number; date: string }>`
    select cast(full_text_key as text) as key, patent_id as id, publication_date as date from patent_facts limit 1`.execute(db);
  const [row] = rows;
  if (row === undefined || BigInt(row.key) === fullTextKey(row.date || null, row.id)) return;
  await writeFullTextAnew(db, dialect);
}
