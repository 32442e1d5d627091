import type { Kysely, Selectable, SelectQueryBuilder } from "kysely";
import type { Static } from "typebox";
import type { Page } from "../../../contract/envelope";
import type { ListSortColumn } from "../../../contract/listSorts";
import type { Dialect } from "../../db/database";
import { inIdOrder, ordered, type ListOrder, type SortRefs } from "../../db/order";
import { containsText } from "../../db/like";
import type { Database, OperationLogsTable } from "../../db/schema";
import { formatDateTime, fromDbTime, parseDateTime, toDbTime } from "../../db/time";
import { AppError } from "../../errors";
import { text } from "../../i18n";
import type { LogDetail, LogFilter, LogRow } from "../../../contract/schemas/logs";

export type LogFilterValue = Static<typeof LogFilter>;
export type LogRowValue = Static<typeof LogRow>;
export type LogDetailValue = Static<typeof LogDetail>;

export interface LogDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  timeZone: string;
}

type LogQuery = SelectQueryBuilder<Database, "operationLogs", object>;

export const LogMessages = {
  notFound: text("server.logs.notFound"),
  badDate: (name: string) => text("server.logs.badDate", { name }),
} as const;

const SORT_REFS: SortRefs<ListSortColumn<"logs">> = { lastModifiedDate: "createdAt" };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function boundOf(name: string, text: string, timeZone: string, end: boolean): Date {
  const trimmed = text.trim();
  // A date alone as the end means the whole of that day.
  const date = parseDateTime(end && DATE_ONLY.test(trimmed) ? `${trimmed} 23:59:59` : trimmed, timeZone);
  if (!date) throw AppError.badRequest(LogMessages.badDate(name));
  // Stored instants carry milliseconds: the end second counts whole (the bound is exclusive).
  return end ? new Date(date.getTime() + 1000) : date;
}

/** Operation-log rows for the administrators' list, detail drawer and export. */
export class OperationLogs {
  constructor(private readonly deps: LogDeps) {}

  /** The rows the filters select; every filter is optional, text filters match anywhere, in any case. */
  filtered(filter: LogFilterValue = {}): LogQuery {
    const { db, dialect, timeZone } = this.deps;
    let query: LogQuery = db.selectFrom("operationLogs");
    if (filter.logType !== undefined) query = query.where("logType", "=", filter.logType);
    if (filter.exceptionType !== undefined) query = query.where("exceptionType", "=", filter.exceptionType);
    for (const column of ["userName", "logAction"] as const) {
      const text = filter[column]?.trim();
      if (text) query = query.where((eb) => containsText(dialect, eb.ref(column), text));
    }
    if (filter.lastModifiedDateBegin?.trim()) {
      const begin = boundOf("lastModifiedDateBegin", filter.lastModifiedDateBegin, timeZone, false);
      query = query.where("createdAt", ">=", toDbTime(dialect, begin));
    }
    if (filter.lastModifiedDateEnd?.trim()) {
      const end = boundOf("lastModifiedDateEnd", filter.lastModifiedDateEnd, timeZone, true);
      query = query.where("createdAt", "<", toDbTime(dialect, end));
    }
    return query;
  }

  /** One page, newest first or as the caller sorts it. */
  async page(query: { current: number; size: number; model?: LogFilterValue; orders?: ListOrder<ListSortColumn<"logs">>[] }): Promise<Page<LogRowValue>> {
    const rows = this.filtered(query.model);
    const [{ total }, records] = await Promise.all([
      rows.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
      this.sorted(rows, query.orders)
        .limit(query.size)
        .offset((query.current - 1) * query.size)
        .execute(),
    ]);
    // count(*) is a bigint, which PostgreSQL's driver hands over as text.
    return { records: records.map((r) => this.row(r)), total: Number(total), current: query.current, size: query.size };
  }

  /** How many rows the filters select. */
  async count(filter?: LogFilterValue): Promise<number> {
    const { total } = await this.filtered(filter)
      .select((eb) => eb.fn.countAll().as("total"))
      .executeTakeFirstOrThrow();
    return Number(total);
  }

  /**
   * Every field of the selected logs in the list's order, at most `limit`, read `batch` at a time
   * (an export, whose logs carry up to 2,000 characters of parameters each); the ids first, so the
   * logs written while a client downloads (its own calls among them) are not read.
   */
  async *details(filter: LogFilterValue | undefined, limit: number, batch = 1000): AsyncGenerator<LogDetailValue[]> {
    const { db } = this.deps;
    const ids = (await this.sorted(this.filtered(filter)).clearSelect().select("id").limit(limit).execute()).map((row) => row.id);
    yield* inIdOrder(ids, batch, (wanted) => db.selectFrom("operationLogs").selectAll().where("id", "in", wanted).execute(), (row) => this.detail(row));
  }

  async find(id: number): Promise<LogDetailValue> {
    const row = await this.deps.db.selectFrom("operationLogs").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw AppError.notFound(LogMessages.notFound);
    return this.detail(row);
  }

  /** Newest first unless the caller sorts otherwise. */
  private sorted(rows: LogQuery, orders?: ListOrder<ListSortColumn<"logs">>[]) {
    return ordered(rows.selectAll(), orders, SORT_REFS, { column: "lastModifiedDate", asc: false }, "id");
  }

  private row(r: Selectable<OperationLogsTable>): LogRowValue {
    return {
      id: r.id,
      logAction: r.logAction,
      remoteAddr: r.remoteAddr,
      lastModifiedDate: formatDateTime(fromDbTime(r.createdAt), this.deps.timeZone),
      logType: r.logType === 1 ? 1 : 2,
      exceptionType: r.exceptionType === 1 ? 1 : 0,
      userName: r.userName,
    };
  }

  private detail(r: Selectable<OperationLogsTable>): LogDetailValue {
    return {
      ...this.row(r),
      userId: r.userId,
      method: r.method,
      path: r.path,
      params: r.params,
      durationMs: r.durationMs,
      errorMessage: r.errorMessage,
    };
  }
}
