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
  const pattern = `%${escapeLike(text)}%`;
  return dialect === "postgres" ? sql<SqlBool>`${column} ilike ${pattern} escape '\\'` : sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}
