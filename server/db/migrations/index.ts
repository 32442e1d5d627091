import { readdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database";

interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/**
 * A migration file: four digits, an underscore and a snake_case name. The name without its
 * extension is what the database records as applied, so a shipped file is never renamed, and
 * the digits sort in the order the migrations must run. Helpers beside them (columns.ts, this
 * file) do not match; a file that starts like one but does not (0010_Widgets.ts) stops the start
 * rather than never running.
 */
const MIGRATION_FILE = /^(\d{4}_[a-z0-9_]+)\.[cm]?[jt]s$/;
const LOOKS_LIKE_MIGRATION = /^\d{4}_/;

const FOLDER = dirname(fileURLToPath(import.meta.url));

/**
 * Every migration in this folder, by name, in the order they run: a new one is a new
 * `NNNN_name.ts` file here and needs no registration. Read from the folder at start (the server
 * runs from source under tsx, tests under vitest, both of which load .ts files).
 */
export async function migrationsFor(dialect: Dialect, folder = FOLDER): Promise<Record<string, Migration>> {
  const files = await readdir(folder);
  const misnamed = files.filter((file) => LOOKS_LIKE_MIGRATION.test(file) && !MIGRATION_FILE.test(file));
  if (misnamed.length > 0) throw new Error(`not named NNNN_snake_case.ts, so not run as migrations: ${misnamed.join(", ")}`);
  const names = files
    .map((file) => MIGRATION_FILE.exec(file))
    .filter((match) => match !== null)
    .map((match) => ({ name: match[1], file: match[0] }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const migrations: Record<string, Migration> = {};
  for (const { name, file } of names) {
    if (name in migrations) throw new Error(`two migration files are named ${name}`);
    const migration = (await import(pathToFileURL(join(folder, file)).href)) as Partial<DialectMigration>;
    const { up } = migration;
    if (typeof up !== "function") throw new Error(`migration ${file} exports no up(db, dialect)`);
    migrations[name] = { up: (db: Kysely<unknown>) => up(db, dialect) };
  }
  return migrations;
}
