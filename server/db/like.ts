import { sql, type Expression, type SqlBool } from "kysely";
import type { Dialect } from "./database";

/** `%`, `_` and the escape character itself stand for themselves in a searched text. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * "The column contains the text", ignoring the case of Latin letters, on both engines: SQLite's
 * LIKE already ignores it, PostgreSQL's needs ILIKE. The text is matched literally.
 */
export function containsText(dialect: Dialect, column: Expression<string | null>, text: string): Expression<SqlBool> {
  return matchesPattern(dialect, column, containsPattern(text));
}

/** The LIKE pattern of containsText, for a prepared statement (server/db/prepared.ts) that binds it. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** containsText's condition with the pattern given as it is (containsPattern), e.g. a prepared statement's parameter. */
export function matchesPattern(dialect: Dialect, column: Expression<string | null>, pattern: string): Expression<SqlBool> {
  return dialect === "postgres" ? sql<SqlBool>`${column} ilike ${pattern} escape '\\'` : sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}
