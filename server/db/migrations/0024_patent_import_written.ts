import type { Kysely } from "kysely";

/**
 * An import job's patents written so far, null while its file is still being read: the progress a
 * poll shows of the write, which on a large file takes longer than the reading.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("patent_import_jobs").addColumn("written", "integer").execute();
}
