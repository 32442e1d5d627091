import { Type, type TNumberOptions, type TStringOptions } from "typebox";

/*
 * The request fields every module shares, defined once: row ids and the page of a list. Their
 * bounds are the database's, so an id or page number no column can hold is refused as a bad
 * request (参数 id 不能大于 2147483647) instead of failing in the database.
 */

/** The largest value of an `integer` column (PostgreSQL int4; see server/db/migrations). */
export const DB_INTEGER_MAX = 2_147_483_647;

/** A row id: a positive integer an id column can hold. */
export function Id(options: TNumberOptions = {}) {
  return Type.Integer({ minimum: 1, maximum: DB_INTEGER_MAX, ...options });
}

/** Path parameters naming one row, `/:id`. */
export function IdParams(description: string) {
  return Type.Object({ id: Id({ title: "id", description }) });
}

/** A count stored in an integer column, from 0 (e.g. an answer's version). */
export function Count(options: TNumberOptions = {}) {
  return Type.Integer({ minimum: 0, maximum: DB_INTEGER_MAX, ...options });
}

/** The 1-based page number of a list; missing means the first page. */
export const PageNumber = Type.Integer({ minimum: 1, maximum: DB_INTEGER_MAX, default: 1, description: "页码，从 1 开始" });

/** The page size of a list, from 1 to `maximum`; missing means `fallback`. */
export function PageSize(maximum: number, fallback: number) {
  return Type.Integer({ minimum: 1, maximum, default: fallback, description: `每页条数，不超过 ${maximum}` });
}

/** Longest text a list is searched by ("contains"); SQLite refuses LIKE patterns over 50,000 bytes. */
export const SEARCH_TEXT_MAX = 200;

/** A text a list is searched by: what the listed rows contain. */
export function SearchText(options: TStringOptions = {}) {
  return Type.String({ maxLength: SEARCH_TEXT_MAX, ...options });
}
