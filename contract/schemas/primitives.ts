import { Type, type TNumberOptions, type TSchema, type TStringOptions } from "typebox";
import { DB_INTEGER_MAX, SEARCH_TEXT_MAX } from "../limits";

/*
 * The wire pieces every call shares, defined once: row ids, the page of a list, search texts. Their
 * bounds are the database's, so an id or page number no column can hold is refused as a bad
 * request (参数 id 不能大于 2147483647) instead of failing in the database.
 */

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

/**
 * How a list is sorted: `[{ column, asc }]`, `column` one of those the list can be sorted by, the
 * first deciding and the next breaking its ties. Left out, the list keeps its own order.
 */
export function Orders<const Column extends string>(columns: readonly Column[]) {
  return Type.Array(Type.Object({ column: Type.Enum([...columns]), asc: Type.Boolean() }), {
    maxItems: columns.length,
    description: `排序：column 为 ${columns.join("、")} 之一，asc 为 true 时升序；第一项优先`,
  });
}

/** A text a list is searched by: what the listed rows contain. */
export function SearchText(options: TStringOptions = {}) {
  return Type.String({ maxLength: SEARCH_TEXT_MAX, ...options });
}

/** A text that may be absent, sent as null. */
export function NullableText(description: string) {
  return Type.Union([Type.String(), Type.Null()], { description });
}

/** One page of a list (contract/envelope.ts `Page`). */
export function PageOf<T extends TSchema>(record: T) {
  return Type.Object({ records: Type.Array(record), total: Type.Integer(), current: Type.Integer(), size: Type.Integer() });
}

/** The result of a call that answers nothing but success. */
export const Nothing = Type.Null();
