import { sql, type Kysely } from "kysely";
import type { CompanySegment } from "../../../../contract/companies";
import type { Page } from "../../../../contract/envelope";
import type { ListSortColumn } from "../../../../contract/listSorts";
import type { VisitFilter, VisitRow } from "../../../../contract/schemas/visits";
import type { Dialect } from "../../../db/database";
import { inIdOrder, ordered, type ListOrder, type SortRefs } from "../../../db/order";
import type { Database } from "../../../db/schema";
import { formatDateTime, fromDbTime, parseDateTime, toDbTime } from "../../../db/time";
import { AppError } from "../../../errors";
import { text } from "../../../i18n";

export interface VisitDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  timeZone: string;
}

export type VisitOrder = ListOrder<ListSortColumn<"visits">>;

/** What the list and the export are limited to: one company, or the companies one owner looks after. */
export interface VisitScope {
  /** The owner whose companies only are listed (data scope `own`); undefined: every company. */
  ownerId: number | undefined;
}

export const VisitMessages = {
  badDate: text("server.visits.badDate"),
  exportTooMany: (max: number) => text("server.visits.exportTooMany", { max }),
} as const;

/** The records alone: every filter is on them (the segment through their company's id), so the engines walk the records' own indexes. */
const records = (db: Kysely<Database>) => db.selectFrom("serviceRecords as record");
type VisitQuery = ReturnType<typeof records>;

/** SPEC 5's order: the latest visit first. */
const NEWEST_VISIT: VisitOrder = { column: "serviceTime", asc: false };
const SORT_REFS: SortRefs<ListSortColumn<"visits">> = { serviceTime: "record.serviceTime", companyName: "company.name" };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A filter's bound: a date alone starts at its midnight, or as the end covers the whole day. */
function bound(value: string | undefined, timeZone: string, end: boolean): Date | null {
  const trimmed = value?.trim() ?? "";
  if (trimmed === "") return null;
  const date = parseDateTime(DATE_ONLY.test(trimmed) ? `${trimmed} ${end ? "23:59:59" : "00:00:00"}` : trimmed, timeZone);
  if (date === null) throw AppError.badRequest(VisitMessages.badDate);
  // Stored instants may carry milliseconds: the end second counts whole (the bound is exclusive).
  return end ? new Date(date.getTime() + 1000) : date;
}

/** Every visit record across companies (/visits, issue 11), within the caller's data scope. */
export class Visits {
  constructor(private readonly deps: VisitDeps) {}

  /** The records the filters select. */
  private filtered(filter: VisitFilter = {}, scope: VisitScope): VisitQuery {
    const { db, dialect, timeZone } = this.deps;
    const from = bound(filter.serviceTimeBegin, timeZone, false);
    const to = bound(filter.serviceTimeEnd, timeZone, true);
    // A voided record stays in its company's archive, but it is no visit: the list and the
    // statistics' drill-downs count alike.
    let query: VisitQuery = records(db).where("record.voidedAt", "is", null);
    const { ownerId } = scope;
    if (ownerId !== undefined) {
      query = query.where("record.compId", "in", db.selectFrom("companyOwners").select("companyOwners.companyId").where("companyOwners.userId", "=", ownerId));
    }
    if (filter.compId !== undefined) query = query.where("record.compId", "=", filter.compId);
    if (filter.researcherId !== undefined) {
      const researcherId = filter.researcherId;
      query = query.where(
        "record.id",
        "in",
        db.selectFrom("serviceRecordResearchers").select("serviceRecordResearchers.recordId").where("serviceRecordResearchers.userId", "=", researcherId),
      );
    }
    if (filter.comprehensiveEvaluation) query = query.where("record.comprehensiveEvaluation", "=", filter.comprehensiveEvaluation);
    const { segment } = filter;
    if (segment) query = query.where("record.compId", "in", db.selectFrom("companies").select("companies.id").where("companies.segment", "=", segment));
    // Trimmed as the statistics group districts, so a district's drill-down lists exactly its visits.
    const district = filter.district?.trim();
    if (district) query = query.where("record.compId", "in", db.selectFrom("companies").select("companies.id").where(sql`trim(companies.district)`, "=", district));
    if (from) query = query.where("record.serviceTime", ">=", toDbTime(dialect, from));
    if (to) query = query.where("record.serviceTime", "<", toDbTime(dialect, to));
    return query;
  }

  /**
   * One page of the selected records with their companies. By service time (the default), the
   * page's ids come from the records alone (over all companies: the index of migration 0011, so a
   * deep page skips index entries) and only those rows are joined; by company name the companies'
   * name index leads.
   */
  private rows(query: VisitQuery, orders: readonly VisitOrder[] | undefined, limit: number, offset: number) {
    const { db } = this.deps;
    const byCompany = orders?.[0]?.column === "companyName";
    const joined = byCompany
      ? query.innerJoin("companies as company", "company.id", "record.compId")
      : db
          .selectFrom("serviceRecords as record")
          .innerJoin("companies as company", "company.id", "record.compId")
          .where("record.id", "in", ordered(query.select("record.id"), orders, SORT_REFS, NEWEST_VISIT, "record.id").limit(limit).offset(offset));
    const page = ordered(
      joined.select([
        "record.id",
        "record.compId",
        "company.name as companyName",
        "company.segment",
        "record.researchers",
        "record.contactPerson",
        "record.contactPersonPhone",
        "record.comprehensiveEvaluation",
        "record.serviceTime",
      ]),
      orders,
      SORT_REFS,
      NEWEST_VISIT,
      "record.id",
    );
    return byCompany ? page.limit(limit).offset(offset) : page;
  }

  private shown(row: Omit<VisitRow, "serviceTime" | "segment"> & { serviceTime: Date | string; segment: string | null }): VisitRow {
    return { ...row, segment: row.segment as CompanySegment | null, serviceTime: formatDateTime(fromDbTime(row.serviceTime), this.deps.timeZone) };
  }

  async count(filter: VisitFilter | undefined, scope: VisitScope): Promise<number> {
    const row = await this.filtered(filter, scope)
      .select((eb) => eb.fn.countAll().as("total"))
      .executeTakeFirstOrThrow();
    return Number((row as { total: number | string | bigint }).total);
  }

  /** POST /api/archives/visits/listData: one page, the latest visit first or as the caller sorts. */
  async page(query: { current: number; size: number; model?: VisitFilter; orders?: VisitOrder[] }, scope: VisitScope): Promise<Page<VisitRow>> {
    const filtered = this.filtered(query.model, scope);
    const [total, rows] = await Promise.all([
      this.count(query.model, scope),
      this.rows(filtered, query.orders, query.size, (query.current - 1) * query.size).execute(),
    ]);
    return { records: rows.map((row) => this.shown(row)), total, current: query.current, size: query.size };
  }

  /**
   * Every selected row in the list's order, at most `max`, read `batch` at a time. The ids come
   * first, in one statement: an export is read as fast as its client downloads, and visits
   * recorded meanwhile would shift later offsets (a row twice, another left out). Each batch then
   * reads its rows as they are by then; one deleted meanwhile is left out.
   */
  async *all(filter: VisitFilter | undefined, orders: readonly VisitOrder[] | undefined, scope: VisitScope, max: number, batch = 5000): AsyncGenerator<VisitRow[]> {
    const ids = (await this.rows(this.filtered(filter, scope), orders, max, 0).clearSelect().select("record.id").execute()).map((row) => row.id);
    yield* inIdOrder(
      ids,
      batch,
      (wanted) => this.rows(this.filtered(filter, scope).where("record.id", "in", wanted), orders, wanted.length, 0).execute(),
      (row) => this.shown(row),
    );
  }
}
