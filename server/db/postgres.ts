import { setTimeout as sleep } from "node:timers/promises";
import { PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import pg from "pg";
import type { Logger } from "../logger";
import { DatabaseUnavailableError, isDatabaseUnavailable, reasonOf } from "./faults";
import { statementNameOf } from "./prepared";

/** Connections per server process. */
const POOL_SIZE = 10;
/** Opening a connection, or waiting for a free one in the pool. */
const CONNECT_TIMEOUT_MS = 5_000;
/** One statement, enforced by PostgreSQL itself (statement_timeout). */
const STATEMENT_TIMEOUT_MS = 30_000;
/** A statement's answer when the network has gone silent: statement_timeout cannot fire then. */
const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5_000;
/** A transaction left open by a stuck caller stops holding its locks. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
/** While the database is down, how often it is tried, and how long one try may take. */
const PROBE_INTERVAL_MS = 250;
const PROBE_TIMEOUT_MS = 1_000;
/** Shown in pg_stat_activity unless DATABASE_URL names another application_name. */
const APPLICATION_NAME = "semi-ip-platform";

/** The pool's and the probe's connection settings: every connection and statement is bounded. */
function connectionSettings(url: string): pg.ClientConfig {
  return {
    connectionString: url,
    application_name: APPLICATION_NAME,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    // A peer that vanished without closing (a failover, a cut cable) is noticed by the kernel.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * Whether the database answers, as far as this process knows. A connection that fails makes it
 * ask at once with a fresh connection of its own; when that fails too, the database is down and
 * every call is refused without trying (503 at once rather than each caller waiting out a
 * timeout), and it asks again every PROBE_INTERVAL_MS until the database answers.
 */
class Availability {
  #down = false;
  #probing: Promise<void> | null = null;
  #stopped = false;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
  ) {}

  /** Throws at once while the database is known to be down. */
  check(): void {
    if (this.#down) throw new DatabaseUnavailableError();
  }

  /** A call failed in a way that may mean the database is gone: find out. */
  suspect(): void {
    if (this.#probing || this.#stopped) return;
    this.#probing = this.#probeUntilUp().finally(() => (this.#probing = null));
  }

  /** Stops asking; waits for a probe under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#probing;
  }

  async #probeUntilUp(): Promise<void> {
    while (!this.#stopped) {
      try {
        await this.#probe();
        if (this.#down) this.log.warn("database answers again; serving");
        this.#down = false;
        return;
      } catch (error) {
        if (!this.#down) this.log.error({ reason: reasonOf(error) }, "database unreachable; answering 503 until it is back");
        this.#down = true;
      }
      await sleep(PROBE_INTERVAL_MS);
    }
  }

  async #probe(): Promise<void> {
    const client = new pg.Client({ ...connectionSettings(this.url), connectionTimeoutMillis: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS });
    // Its failure is the probe's answer, given by connect() or query(); the event must not end the process.
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.query("select 1");
    } finally {
      void client.end().catch(() => undefined);
    }
  }
}

export interface PostgresConnection {
  readonly dialect: PostgresDialect;
  /** The schema the connection works in (search_path); null when the search_path names none. */
  readonly schema: string | null;
  /** Stops probing; the pool itself ends with the Kysely instance (destroy). */
  stopProbing(): Promise<void>;
}

/**
 * The pool the server uses, wrapped for Kysely: refuses calls at once while the database is down,
 * and releases a connection that failed so that the pool drops it instead of lending it again
 * (Kysely's driver always releases without an error, and pg reuses a client whose socket is only
 * silent, not closed).
 */
function guardedPool(pool: pg.Pool, availability: Availability): PostgresPool {
  return {
    async connect() {
      availability.check();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        if (isDatabaseUnavailable(error)) availability.suspect();
        throw error;
      }
      let broken: Error | undefined;
      const query = async (sql: string, parameters: readonly unknown[]) => {
        try {
          const name = statementNameOf(sql);
          // A prepared statement (server/db/prepared.ts) runs by name: parsed and planned once per connection.
          return await client.query(name === undefined ? { text: sql, values: [...parameters] } : { name, text: sql, values: [...parameters] });
        } catch (error) {
          if (isDatabaseUnavailable(error)) {
            broken = error as Error;
            availability.suspect();
          }
          throw error;
        }
      };
      // Only the (sql, parameters) form: Kysely uses the cursor form for streaming, which needs a
      // cursor in the dialect's config, and none is given.
      return { query: query as unknown as PostgresPoolClient["query"], release: () => client.release(broken) };
    },
    end: () => pool.end(),
  };
}

/**
 * Opens a pool on `url` and asks for the current schema, which proves the database answers;
 * a failure is thrown as it came (the caller decides whether to wait and try again).
 */
export async function openPostgresConnection(url: string, log: Logger): Promise<PostgresConnection> {
  const pool = new pg.Pool({ ...connectionSettings(url), max: POOL_SIZE });
  const availability = new Availability(url, log);
  // A connection that breaks (restart, failover, terminated backend) must never end the process:
  // pg emits 'error' on the client, which has no listener of its own while Kysely holds it.
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      log.warn({ reason: reasonOf(error) }, "PostgreSQL connection failed");
      availability.suspect();
    });
  });
  // The pool repeats an idle client's error, already reported by the client's own listener.
  pool.on("error", () => undefined);
  try {
    const { rows } = await pool.query<{ schema: string | null }>("select current_schema() as schema");
    const schema = rows[0]?.schema ?? null;
    return { dialect: new PostgresDialect({ pool: guardedPool(pool, availability) }), schema, stopProbing: () => availability.stop() };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}
