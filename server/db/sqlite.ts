import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { setImmediate as turn, setTimeout as sleep } from "node:timers/promises";
import SqliteDatabase from "better-sqlite3";
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type QueryResult,
  type SqliteDialectConfig,
} from "kysely";
import { ConfigError } from "../config";
import { reasonOf } from "./faults";

/** How many compiled statements a SQLite connection keeps: more than the server has distinct queries. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * SQLite's own wait for a lock held by another process (WORKERS > 1). better-sqlite3 is
 * synchronous, so this wait freezes the whole process: it stays short, and longer waits happen
 * below, between turns of the event loop.
 */
const BUSY_TIMEOUT_MS = 10;
/** Waits between tries for a lock another process holds, growing to the last one. */
const BUSY_BACKOFF_MS = [2, 5, 10, 20, 30];
/** After this, the call gives up and is answered 503 (the database is busy, try again). */
const BUSY_GIVE_UP_MS = 3000;

/**
 * A statement that ran this long held the whole process (better-sqlite3 is synchronous): its caller
 * goes on only after a turn of the event loop, so that a chain of long statements (a search's lists,
 * a scan) lets the calls waiting meanwhile run between them, as they would on PostgreSQL.
 */
const LONG_STATEMENT_MS = 20;

/**
 * Kysely asks better-sqlite3 to prepare every statement it runs, and compiling one costs about as
 * much as running it; this keeps the compiled statements by their SQL (least recently used out), so
 * a repeated query is compiled once. Safe because the server never streams: each statement has run
 * to its end before the next query starts.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectConfig["database"] {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/**
 * Several server processes share the file. A write transaction takes the write lock when it
 * begins (BEGIN IMMEDIATE): with Kysely's plain BEGIN it would start as a reader and fail with
 * SQLITE_BUSY_SNAPSHOT, which no waiting can cure, when it tries to write after another process
 * has. A statement or BEGIN that finds the lock taken is tried again after a short pause that
 * leaves the event loop free; inside a transaction nothing is retried (we already hold the lock).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  #connection: DatabaseConnection | null = null;

  constructor(
    config: SqliteDialectConfig,
    private readonly sqlite: SqliteDatabase.Database,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.#connection ??= {
      executeQuery: <R>(query: CompiledQuery) => this.#retryingBusy(() => connection.executeQuery<R>(query)),
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
    };
    return this.#connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }

  async #retryingBusy<R>(run: () => Promise<QueryResult<R>>): Promise<QueryResult<R>> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        const began = performance.now();
        const result = await run();
        if (performance.now() - began >= LONG_STATEMENT_MS) await turn();
        return result;
      } catch (error) {
        if (!isBusy(error) || this.sqlite.inTransaction || Date.now() - started > BUSY_GIVE_UP_MS) throw error;
      }
      const pause = BUSY_BACKOFF_MS[Math.min(attempt, BUSY_BACKOFF_MS.length - 1)];
      // Jitter: processes that met at the lock do not all come back at the same moment.
      await sleep(pause / 2 + Math.random() * pause);
    }
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly sqlite: SqliteDatabase.Database,
  ) {
    super(settings);
  }

  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.settings, this.sqlite);
  }
}

/** Opens (creating if need be) the SQLite file; a file that cannot be opened is a ConfigError. */
export function openSqliteDialect(file: string): SqliteDialect {
  let sqlite: SqliteDatabase.Database;
  try {
    mkdirSync(dirname(file), { recursive: true });
    sqlite = new SqliteDatabase(file);
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // WAL lets readers work while a write is in progress. The mode stays with the file: set once,
    // not by each server process (setting it takes a lock another process may hold).
    if (sqlite.pragma("journal_mode", { simple: true }) !== "wal") sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
  } catch (error) {
    throw new ConfigError(`DATA_DIR: cannot open the SQLite database ${file} (${reasonOf(error)})`);
  }
  return new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }, sqlite);
}
