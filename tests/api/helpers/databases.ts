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

export interface PostgresSchema {
  /** DATABASE_URL for the server: the test database with search_path set to a fresh schema. */
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

/** A schema of its own for one test file, so files run in parallel on one database. */
export async function createPostgresSchema(): Promise<PostgresSchema> {
  const schema = `api_test_${randomBytes(6).toString("hex")}`;
  await withClient((client) => client.query(`create schema "${schema}"`));
  const url = new URL(testDatabaseUrl());
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.href,
    drop: () => withClient((client) => client.query(`drop schema if exists "${schema}" cascade`)).then(() => undefined),
  };
}
