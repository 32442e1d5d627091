import { setTimeout as sleep } from "node:timers/promises";
import { CamelCasePlugin, Kysely, type Dialect as KyselyDialect } from "kysely";
import { ConfigError, type Config } from "../config";
import type { Logger } from "../logger";
import { isDatabaseUnavailable, reasonOf } from "./faults";
import { openPostgresConnection, type PostgresConnection } from "./postgres";
import type { Database } from "./schema";
import { openSqliteDialect } from "./sqlite";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** The PostgreSQL schema the connection works in (search_path); null on SQLite. */
  readonly schema: string | null;
  /** Where the data lives, safe to log (no password). */
  readonly location: string;
  /**
   * Where a long write transaction runs (a patent import's), out of the requests' way. On SQLite a
   * second connection to the file, opened on first use: a transaction on the requests' one
   * connection would hold every request of the process until it commits (a 100,000-row import, a
   * minute), where beside it the requests go on reading the last commit (WAL) and one that writes
   * waits for the lock as it waits for another process's. On PostgreSQL the pool's, apart already.
   */
  longWrites(): Kysely<Database>;
  close(): Promise<void>;
}

/** A start that finds PostgreSQL unreachable tries again after this, doubling up to the maximum. */
const START_RETRY_FIRST_MS = 500;
const START_RETRY_MAX_MS = 10_000;

const kysely = (dialect: KyselyDialect) => new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });

function handle(
  dialect: Dialect,
  kyselyDialect: KyselyDialect,
  schema: string | null,
  location: string,
  options: { after?: () => Promise<void>; openLongWrites?: () => KyselyDialect } = {},
): DatabaseHandle {
  const db = kysely(kyselyDialect);
  const { after, openLongWrites } = options;
  let longWrites: Kysely<Database> | null = null;
  let closing: Promise<void> | null = null;
  return {
    db,
    dialect,
    schema,
    location,
    longWrites: () => {
      if (closing) throw new Error("the database is closed");
      return openLongWrites ? (longWrites ??= kysely(openLongWrites())) : db;
    },
    close: () => (closing ??= Promise.all([db.destroy(), longWrites?.destroy()]).then(after)),
  };
}

/**
 * Connects to PostgreSQL; while it is unreachable (not started yet, restarting) waits and tries
 * again, saying so in the log, until `signal` aborts. What waiting cannot fix (a refused password,
 * a database or schema that does not exist) is a one-line ConfigError.
 */
async function openPostgres(url: string, display: string, log: Logger, signal?: AbortSignal): Promise<DatabaseHandle> {
  let connection: PostgresConnection;
  let attempt = 0;
  for (; ; attempt++) {
    try {
      connection = await openPostgresConnection(url, log);
      break;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw new ConfigError(`DATABASE_URL: cannot connect to ${display} (${reasonOf(error)})`);
      const retryInMs = Math.min(START_RETRY_MAX_MS, START_RETRY_FIRST_MS * 2 ** attempt);
      log.warn({ database: display, reason: reasonOf(error), retryInMs }, `database unreachable; trying again in ${retryInMs / 1000} s`);
      await sleep(retryInMs, undefined, { signal });
    }
  }
  const { dialect, schema, stopProbing } = connection;
  if (schema === null) {
    await handle("postgres", dialect, null, display, { after: stopProbing }).close();
    throw new ConfigError(`DATABASE_URL: cannot connect to ${display} (the search_path names no existing schema)`);
  }
  if (attempt > 0) log.info({ database: display }, "database reachable");
  return handle("postgres", dialect, schema, `${display} (schema ${schema})`, { after: stopProbing });
}

/**
 * Opens the configured database and proves it answers. PostgreSQL that is unreachable is waited
 * for (until `signal` aborts, with its AbortError); other failures are one-line ConfigErrors.
 */
export async function openDatabase(config: Pick<Config, "database">, log: Logger, options: { signal?: AbortSignal } = {}): Promise<DatabaseHandle> {
  const { database } = config;
  if (database.kind === "sqlite") {
    const { file } = database;
    return handle("sqlite", openSqliteDialect(file), null, `sqlite:${file}`, { openLongWrites: () => openSqliteDialect(file) });
  }
  return openPostgres(database.url, database.display, log, options.signal);
}
