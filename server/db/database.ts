import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type SqliteDialectConfig } from "kysely";
import pg from "pg";
import { ConfigError, type Config } from "../config";
import type { Logger } from "../logger";
import type { Database } from "./schema";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** The PostgreSQL schema the connection works in (search_path); null on SQLite. */
  readonly schema: string | null;
  /** Where the data lives, safe to log (no password). */
  readonly location: string;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 10_000;
const POOL_SIZE = 10;

/** A connection failure often comes as an AggregateError (one per address tried) with an empty message. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error) {
    const text = error.message || (error as NodeJS.ErrnoException).code || error.name;
    return text.replace(/\s+/g, " ").trim();
  }
  return String(error);
}

function handle(db: Kysely<Database>, dialect: Dialect, schema: string | null, location: string): DatabaseHandle {
  let closing: Promise<void> | null = null;
  return {
    db,
    dialect,
    schema,
    location,
    close: () => (closing ??= db.destroy()),
  };
}

/** How many compiled statements a SQLite connection keeps: more than the server has distinct queries. */
const STATEMENT_CACHE_SIZE = 1000;

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

function openSqlite(file: string): DatabaseHandle {
  let sqlite: SqliteDatabase.Database;
  try {
    mkdirSync(dirname(file), { recursive: true });
    sqlite = new SqliteDatabase(file);
    // WAL lets readers work while a write is in progress; the busy timeout rides out short write locks.
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
  } catch (error) {
    throw new ConfigError(`DATA_DIR: cannot open the SQLite database ${file} (${reasonOf(error)})`);
  }
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
  return handle(db, "sqlite", null, `sqlite:${file}`);
}

async function openPostgres(url: string, display: string, log: Logger): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection that breaks (database restart) must not crash the process; the next query reconnects.
  pool.on("error", (error) => log.warn({ err: error }, "idle PostgreSQL connection failed"));
  let schema: string | null;
  try {
    const { rows } = await pool.query<{ schema: string | null }>("select current_schema() as schema");
    schema = rows[0]?.schema ?? null;
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new ConfigError(`DATABASE_URL: cannot connect to ${display} (${reasonOf(error)})`);
  }
  if (schema === null) {
    await pool.end().catch(() => undefined);
    throw new ConfigError(`DATABASE_URL: cannot connect to ${display} (the search_path names no existing schema)`);
  }
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  return handle(db, "postgres", schema, `${display} (schema ${schema})`);
}

/** Opens the configured database and proves it answers; failures are one-line ConfigErrors. */
export async function openDatabase(config: Pick<Config, "database">, log: Logger): Promise<DatabaseHandle> {
  return config.database.kind === "sqlite"
    ? openSqlite(config.database.file)
    : openPostgres(config.database.url, config.database.display, log);
}
