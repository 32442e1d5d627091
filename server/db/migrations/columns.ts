import { sql, type ColumnDefinitionBuilder } from "kysely";
import type { Dialect } from "../database";

/**
 * The column types that differ between the engines, so that every migration writes one table
 * definition for both. Migrations name columns in snake_case: they speak SQL, not code.
 */
export function columnTypes(dialect: Dialect) {
  const postgres = dialect === "postgres";
  const now = postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  return {
    /** Use with the "integer" type: a key the database assigns. */
    autoId: (col: ColumnDefinitionBuilder) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    /** A UTC instant: timestamptz, or ISO text on SQLite (see server/db/time.ts). */
    timestamp: postgres ? ("timestamptz" as const) : ("text" as const),
    /** Use with `timestamp`: not null, the current instant unless given. */
    createdNow: (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(now),
    /** A 0/1 flag with its default. */
    flag: (fallback: 0 | 1) => (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(fallback),
  };
}
