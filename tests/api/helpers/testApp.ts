import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DestinationStream } from "pino";
import { buildApp } from "../../../server/app";
import { loadConfig, type Config } from "../../../server/config";
import { openDatabase, type DatabaseHandle } from "../../../server/db/database";
import { migrateToLatest } from "../../../server/db/migrate";
import { seed, type SeedResult } from "../../../server/db/seed";
import { createLogger } from "../../../server/logger";
import type { App } from "../../../server/types";
import { createPostgresDatabase, type DatabaseKind, type PostgresDatabase } from "./databases";

export const TEST_ADMIN_PASSWORD = "Admin-api-2026";

export interface TestEnvironment {
  kind: DatabaseKind;
  dataDir: string;
  /** The environment a server on this database is configured from. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** A fresh temporary DATA_DIR and, on PostgreSQL, a fresh database. */
export async function createTestEnvironment(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestEnvironment> {
  const dataDir = mkdtempSync(join(tmpdir(), "api-test-"));
  const pgDatabase: PostgresDatabase | null = kind === "postgres" ? await createPostgresDatabase() : null;
  return {
    kind,
    dataDir,
    env: {
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: pgDatabase?.url ?? "",
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      LOG_LEVEL: "silent",
      STATIC_DIR: join(dataDir, "no-app-built"),
      // Tests sign in and probe far faster than people; the limits' own test sets 1.
      RATE_LIMIT_SCALE: "100",
      ...env,
    },
    cleanup: async () => {
      await pgDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: App;
  config: Config;
  database: DatabaseHandle;
  seedResult: SeedResult;
  environment: TestEnvironment;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Extra routes for a test, added before the app is ready. */
  routes?: (app: App) => void;
  /** Where the server's log goes (at LOG_LEVEL, silent unless env says otherwise), for tests that read it. */
  logDestination?: DestinationStream;
}

/** The app as the server builds it, on a migrated and seeded database, for fastify.inject. */
export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const environment = await createTestEnvironment(kind, options.env);
  const config = loadConfig(environment.env);
  const logger = createLogger(config, options.logDestination);
  const database = await openDatabase(config, logger);
  await migrateToLatest(database, logger);
  const seedResult = await seed(database, config, logger);
  const app = await buildApp({ config, database, logger });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    seedResult,
    environment,
    close: async () => {
      await app.close();
      await database.close();
      await environment.cleanup();
    },
  };
}
