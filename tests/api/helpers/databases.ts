import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * The databases the API tests run on: SQLite always, PostgreSQL as well when TEST_DATABASE_URL is
 * set. Use as `describe.each(testDatabases())("... on %s", (kind) => ...)`.
 */
export type DatabaseKind = "sqlite" | "postgres";

export function testDatabases(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

export interface PostgresDatabase {
  /** DATABASE_URL for the server: a fresh database on the test server. */
  url: string;
  drop(): Promise<void>;
}

function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for one test app, so test files run in parallel on one server. A database
 * rather than a schema: Kysely's migrator looks at the tables of every schema it can see, and a
 * schema another file drops meanwhile fails that look ("schema … does not exist").
 */
export async function createPostgresDatabase(): Promise<PostgresDatabase> {
  const name = `api_test_${randomBytes(6).toString("hex")}`;
  await withClient((client) => client.query(`create database "${name}"`));
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.href,
    // A server the test left connected (a spawned process being killed, say) does not keep it.
    drop: () => withClient((client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}
