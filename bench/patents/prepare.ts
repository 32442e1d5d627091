import { sql } from "kysely";
import { mappingFor } from "../../contract/patents/headers";
import type { PatentRecord } from "../../contract/patents/record";
import type { DatabaseConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { seed } from "../../server/db/seed";
import { createLogger } from "../../server/logger";
import { recordReader } from "../../server/modules/patents/read/record";
import { writePatents } from "../../server/modules/patents/store";
import { syntheticPatents, TABLES } from "./generate";

/** Patents a transaction writes: large enough that the commit is not the cost, small enough to hold. */
const TRANSACTION_ROWS = 5000;

/**
 * The generated patents as the import would store them: each row made in Patsnap's layout and read
 * by the import's own record reader, then written by the import's own store, without the file and
 * HTTP in between (the import itself is timed separately, through the server).
 */
export function* generatedRecords(count: number, seed: number): Generator<PatentRecord> {
  const { headers, row } = TABLES["patsnap-xlsx"];
  const read = recordReader(headers, mappingFor(headers).mapping);
  const column = new Map(headers.map((header, index) => [header, index]));
  let index = 0;
  for (const patent of syntheticPatents(count, seed)) {
    const cells = row(patent, index);
    const got = read(index + 2, (header) => cells[column.get(header) ?? -1]);
    index += 1;
    if ("record" in got) yield got.record;
  }
}

/** A fresh database through the server's own migrations and seed, then `count` patents. Answers the milliseconds it took. */
export async function preparePatents(config: { database: DatabaseConfig }, count: number, adminPassword: string, seedNumber: number): Promise<number> {
  const started = performance.now();
  const log = createLogger({ logLevel: "warn" });
  const database = await openDatabase(config, log);
  try {
    await migrateToLatest(database, log);
    await seed(database, { adminPassword }, log);
    const { db, dialect } = database;
    // Loading only: a crash would just mean generating again.
    if (dialect === "sqlite") await sql`pragma synchronous = off`.execute(db);
    let batch: PatentRecord[] = [];
    const flush = async () => {
      const rows = batch;
      batch = [];
      await db.transaction().execute((trx) => writePatents(trx, dialect, rows));
    };
    let written = 0;
    for (const record of generatedRecords(count, seedNumber)) {
      batch.push(record);
      if (batch.length >= TRANSACTION_ROWS) {
        await flush();
        written += TRANSACTION_ROWS;
        if (written % 100_000 === 0) console.log(`  ${written.toLocaleString("en")} patents written (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    }
    if (batch.length > 0) await flush();
    if (dialect === "postgres") await sql`vacuum analyze`.execute(db);
    else await sql`analyze`.execute(db);
  } finally {
    await database.close();
  }
  return performance.now() - started;
}
