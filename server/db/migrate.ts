import { Migrator } from "kysely";
import type { Logger } from "../logger";
import type { DatabaseHandle } from "./database";
import { migrationsFor } from "./migrations";

/**
 * Brings the schema to the latest version; already applied migrations are skipped, so a second
 * start changes nothing. Kysely's lock serialises processes that start together on PostgreSQL.
 */
export async function migrateToLatest(database: DatabaseHandle, log: Logger): Promise<string[]> {
  const migrator = new Migrator({
    // Migrations write SQL names themselves; the camelCase mapping is for application code.
    db: database.db.withoutPlugins(),
    provider: { getMigrations: () => migrationsFor(database.dialect) },
    // Without an explicit schema Kysely would take a migration table in any schema on the search
    // path (say public) as its own, so another schema on the same database would never migrate.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const applied: string[] = [];
  for (const result of results) {
    if (result.status === "Success") {
      applied.push(result.migrationName);
      log.info({ migration: result.migrationName }, "migration applied");
    } else if (result.status === "Error") {
      log.error({ migration: result.migrationName }, "migration failed");
    }
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return applied;
}
