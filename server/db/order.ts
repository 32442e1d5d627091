import { sql, type SelectQueryBuilder } from "kysely";

/** A list's sort as the call sends it (contract/schemas/primitives.ts `Orders`). */
export interface ListOrder<Column extends string> {
  column: Column;
  asc: boolean;
}

/**
 * Where each sortable column of a list is read in its query: a column reference, or `{ ref,
 * nullable: true }` for one that may be empty, whose empty values go last in either direction
 * (the engines disagree on where NULL sorts by default).
 */
export type SortRefs<Column extends string> = Record<Column, string | { ref: string; nullable: true }>;

/**
 * The query ordered as the caller asked (or by `fallback` when they did not), then by `tieBreak`
 * in the first order's direction, so that rows of equal value keep one order from page to page.
 * Only the list's own columns reach SQL: the call's schema admits no other name.
 */
export function ordered<DB, TB extends keyof DB, O, Column extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  orders: readonly ListOrder<Column>[] | undefined,
  refs: SortRefs<Column>,
  fallback: ListOrder<Column>,
  tieBreak: string,
): SelectQueryBuilder<DB, TB, O> {
  const chosen = orders?.length ? orders : [fallback];
  let result = query;
  for (const { column, asc } of chosen) {
    const target = refs[column];
    const ref = typeof target === "string" ? target : target.ref;
    result =
      typeof target === "string"
        ? result.orderBy(sql.ref(ref), asc ? "asc" : "desc")
        : result.orderBy(sql.ref(ref), (by) => (asc ? by.asc() : by.desc()).nullsLast());
  }
  return result.orderBy(sql.ref(tieBreak), chosen[0]!.asc ? "asc" : "desc");
}

/**
 * Rows by their ids, `size` at a time, in the order of `ids` (an export's selection, read first in
 * one statement, so that rows written while a client downloads neither shift nor join it). Each
 * batch is read as its rows are by then; a row deleted meanwhile is left out.
 */
export async function* inIdOrder<Row extends { id: number }, Shown>(
  ids: readonly number[],
  size: number,
  read: (ids: number[]) => Promise<readonly Row[]>,
  shown: (row: Row) => Shown,
): AsyncGenerator<Shown[]> {
  for (let at = 0; at < ids.length; at += size) {
    const wanted = ids.slice(at, at + size);
    const byId = new Map((await read(wanted)).map((row) => [row.id, row]));
    yield wanted.flatMap((id) => {
      const row = byId.get(id);
      return row ? [shown(row)] : [];
    });
  }
}
