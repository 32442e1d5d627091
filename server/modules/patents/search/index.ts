import type { Kysely } from "kysely";
import type { Dialect } from "../../../db/database";
import type { Database } from "../../../db/schema";
import { CachedPatentSearch } from "./cache";
import type { PatentSearchEngine } from "./engine";
import { SqlPatentSearch } from "./sql";

/** The engine the routes search through: the platform's database, its answers kept until the next import (`cacheSize` of them; 0: none). */
export function patentSearchEngine(db: Kysely<Database>, dialect: Dialect, cacheSize: number): PatentSearchEngine {
  const engine = new SqlPatentSearch(db, dialect);
  return cacheSize > 0 ? new CachedPatentSearch(engine, db, cacheSize) : engine;
}
