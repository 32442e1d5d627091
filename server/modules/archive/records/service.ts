import type { Kysely } from "kysely";
import type { Page } from "../../../../contract/envelope";
import {
  validateServiceRecord,
  type FieldError,
  type ServiceRecord,
  type ServiceRecordFilter,
  type ServiceRecordRow,
} from "../../../../contract/serviceRecord";
import type { RecordInput } from "../../../../contract/schemas/serviceRecord";
import { DEFAULT_ACCOUNT_OPEN_STATE, DEFAULT_EVALUATION } from "../../../../contract/valueSets";
import type { ListSortColumn } from "../../../../contract/listSorts";
import type { Dialect } from "../../../db/database";
import { containsPattern, matchesPattern } from "../../../db/like";
import { ordered, type ListOrder } from "../../../db/order";
import { prepare, PreparedShapes } from "../../../db/prepared";
import type { Database, DbTime, FileRow } from "../../../db/schema";
import { formatDateTime, fromDbTime, parseDateTime, toDbTime } from "../../../db/time";
import { AppError } from "../../../errors";
import type { ServerText } from "../../../i18n";
import { sanitizeRichText } from "../richText";
import { attachmentProblem } from "./attachment";
import { RecordMessages, validationMessage } from "./messages";
import { pickedResearchers, researchersOf, researchersText, saveResearcherLinks } from "./researchers";

export interface RecordDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  timeZone: string;
  /** The stored file behind an attachment id (server/modules/files/service.ts). */
  files: {
    find(id: string): Promise<FileRow | undefined>;
    diskPath(file: FileRow): string;
  };
}

interface ShownError {
  field: string;
  message: ServerText;
}

/** SPEC 5: a company's visits, the latest first. */
const NEWEST_VISIT: ListOrder<ListSortColumn<"serviceRecords">> = { column: "serviceTime", asc: false };

/** Which filters a page call has, and its order: each shape is one prepared statement. */
interface PageShape {
  researchers: boolean;
  contactPerson: boolean;
  evaluation: boolean;
  from: boolean;
  to: boolean;
  orders: ListOrder<ListSortColumn<"serviceRecords">>[] | undefined;
}

const pageShapeKey = (shape: PageShape): string =>
  `${+shape.researchers}${+shape.contactPerson}${+shape.evaluation}${+shape.from}${+shape.to}${shape.orders?.map((o) => `,${o.column}:${+o.asc}`).join("") ?? ""}`;

/** What a page statement binds; a filter the shape leaves out is bound nowhere. */
interface PageValues extends Record<string, unknown> {
  compId: number;
  /** LIKE patterns (containsPattern). */
  researchers: string;
  contactPerson: string;
  evaluation: string;
  from: DbTime;
  to: DbTime;
  limit: number;
  offset: number;
}

/** Trimmed; empty means none. */
const optional = (text: string | null | undefined): string | null => {
  const value = text?.trim() ?? "";
  return value ? value : null;
};

/** A refusal naming the first failing rule, with every failing one for the form to mark. */
function invalid(errors: ShownError[]): AppError {
  return new AppError(400, errors[0].message, 400, { errors });
}

const shownErrors = (errors: FieldError[]): ShownError[] => errors.map((e) => ({ field: e.field, message: validationMessage(e.message) }));

/** Start and end of the service-time filter: from the first day's midnight to the end of the last day. */
function timeRange(filter: ServiceRecordFilter, timeZone: string): { from: Date | null; to: Date | null } {
  const day = (text: string | undefined) => optional(text)?.slice(0, 10) ?? null;
  const begin = optional(filter.serviceTimeBegin);
  const endDay = day(filter.serviceTimeEnd);
  const from = begin === null ? null : parseDateTime(begin, timeZone);
  const to = endDay === null ? null : parseDateTime(`${endDay} 23:59:59`, timeZone);
  if ((begin !== null && from === null) || (endDay !== null && to === null)) throw AppError.badRequest(RecordMessages.badDate);
  return { from, to };
}

/**
 * Knock-door visit records: who wrote and changed one, and when, is set here from the caller and
 * the clock, never taken from the body.
 */
export class ServiceRecords {
  constructor(private readonly deps: RecordDeps) {}

  private time(value: DbTime): string {
    return formatDateTime(fromDbTime(value), this.deps.timeZone);
  }

  /** POST /api/archives/queryArchivesPage: one company's records, newest service time first or as the caller sorts them. */
  async page(query: { current: number; size: number; model: ServiceRecordFilter; orders?: ListOrder<ListSortColumn<"serviceRecords">>[] }): Promise<Page<ServiceRecordRow>> {
    const { dialect, timeZone } = this.deps;
    const filter = query.model;
    const { from, to } = timeRange(filter, timeZone);
    const researchers = optional(filter.researchers);
    const contactPerson = optional(filter.contactPerson);
    const evaluation = filter.comprehensiveEvaluation || null;
    const shape: PageShape = { researchers: researchers !== null, contactPerson: contactPerson !== null, evaluation: evaluation !== null, from: from !== null, to: to !== null, orders: query.orders };
    const statements = this.pageStatements.get(pageShapeKey(shape), () => this.preparePage(shape));
    const values: PageValues = {
      compId: filter.compId,
      researchers: researchers === null ? "" : containsPattern(researchers),
      contactPerson: contactPerson === null ? "" : containsPattern(contactPerson),
      evaluation: evaluation ?? "",
      from: from === null ? "" : toDbTime(dialect, from),
      to: to === null ? "" : toDbTime(dialect, to),
      limit: query.size,
      offset: (query.current - 1) * query.size,
    };
    const rows = await statements.rows.all(values);
    let total = rows[0]?.total ?? 0;
    // A page past the end carries no count: only then is it asked for on its own.
    if (rows.length === 0 && query.current > 1) total = (await statements.count.first(values))?.total ?? 0;
    const records: ServiceRecordRow[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      records[i] = {
        id: row.id,
        compId: row.compId,
        researchers: row.researchers,
        contactPerson: row.contactPerson,
        contactPersonPhone: row.contactPersonPhone,
        comprehensiveEvaluation: row.comprehensiveEvaluation,
        serviceTime: this.time(row.serviceTime),
        createBy: row.createBy,
        createDate: this.time(row.createDate),
      };
    }
    return { records, total: Number(total), current: query.current, size: query.size };
  }

  /** The page's statements, by which filters are present and the order asked for, prepared once each. */
  private readonly pageStatements = new PreparedShapes<ReturnType<ServiceRecords["preparePage"]>>();

  /**
   * The archive page of one shape of filter as prepared statements (server/db/prepared.ts): the
   * rows of the page, looked up by ids that come from the company's listing index alone
   * (migration 0008, so a deep page skips index entries, not rows), with the count of all matches
   * beside them in the same statement; and the count alone, for a page past the end.
   */
  private preparePage(shape: PageShape) {
    const { db, dialect } = this.deps;
    const matching = (v: PageValues) => {
      let records = db.selectFrom("serviceRecords").where("serviceRecords.compId", "=", v.compId);
      if (shape.researchers) records = records.where((eb) => matchesPattern(dialect, eb.ref("serviceRecords.researchers"), v.researchers));
      if (shape.contactPerson) records = records.where((eb) => matchesPattern(dialect, eb.ref("serviceRecords.contactPerson"), v.contactPerson));
      if (shape.evaluation) records = records.where("serviceRecords.comprehensiveEvaluation", "=", v.evaluation as ServiceRecordRow["comprehensiveEvaluation"]);
      if (shape.from) records = records.where("serviceRecords.serviceTime", ">=", v.from);
      if (shape.to) records = records.where("serviceRecords.serviceTime", "<=", v.to);
      return records;
    };
    const order = (table: string) => ({ serviceTime: `${table}.serviceTime` });
    const rows = prepare(db, (v: PageValues) => {
      const records = matching(v);
      const count = records.select((eb) => eb.fn.countAll().as("total"));
      const pageIds = ordered(records.select("serviceRecords.id"), shape.orders, order("serviceRecords"), NEWEST_VISIT, "serviceRecords.id")
        .limit(v.limit)
        .offset(v.offset);
      return ordered(
        db
          .selectFrom("serviceRecords as shown")
          .innerJoin("users as creator", "creator.id", "shown.createBy")
          .select([
            "shown.id",
            "shown.compId",
            "shown.researchers",
            "shown.contactPerson",
            "shown.contactPersonPhone",
            "shown.comprehensiveEvaluation",
            "shown.serviceTime",
            "shown.createDate",
            "creator.name as createBy",
            count.as("total"),
          ])
          .where("shown.id", "in", pageIds),
        shape.orders,
        order("shown"),
        NEWEST_VISIT,
        "shown.id",
      );
    });
    const count = prepare(db, (v: PageValues) => matching(v).select((eb) => eb.fn.countAll().as("total")));
    return { rows, count };
  }

  /** GET /api/archives/queryById/{id}: the record with its company's and attachment's names. */
  async byId(id: number): Promise<ServiceRecord> {
    const row = await this.deps.db
      .selectFrom("serviceRecords")
      .innerJoin("companies", "companies.id", "serviceRecords.compId")
      .innerJoin("users as creator", "creator.id", "serviceRecords.createBy")
      .innerJoin("users as updater", "updater.id", "serviceRecords.updateBy")
      .leftJoin("files", "files.id", "serviceRecords.attachment")
      .selectAll("serviceRecords")
      .select(["companies.name as companyName", "files.originalName as attachmentName", "creator.name as creatorName", "updater.name as updaterName"])
      .where("serviceRecords.id", "=", id)
      .executeTakeFirst();
    if (!row) throw AppError.notFound(RecordMessages.notFound);
    const { creatorName, updaterName, ...record } = row;
    const researcherUsers = (await researchersOf(this.deps.db, [id])).get(id) ?? [];
    return {
      ...record,
      researcherIds: researcherUsers.map((user) => user.id),
      researcherUsers,
      serviceTime: this.time(record.serviceTime),
      nextFollowTime: record.nextFollowTime === null ? null : this.time(record.nextFollowTime),
      createBy: creatorName,
      createDate: this.time(record.createDate),
      updateBy: updaterName,
      updateDate: this.time(record.updateDate),
    };
  }

  /** A date-time field: null when empty, an error when it is no date-time. */
  private instant(field: "serviceTime" | "nextFollowTime", text: string | null | undefined, errors: ShownError[]): Date | null {
    const value = optional(text);
    if (value === null) return null;
    const parsed = parseDateTime(value, this.deps.timeZone);
    if (parsed === null) errors.push({ field, message: validationMessage("timeInvalid") });
    return parsed;
  }

  /** Why the upload cannot be the attachment, or null when it can. */
  private async attachmentRefusal(id: string): Promise<ServerText | null> {
    const { files } = this.deps;
    const file = await files.find(id);
    return file ? attachmentProblem(file, files.diskPath(file)) : RecordMessages.attachmentMissing;
  }

  /**
   * POST /api/archives/releaseArchives: adds a record, or edits the one the id names. Every rule
   * is checked before anything is written; the service record's HTML is stored cleaned.
   */
  async release(input: RecordInput, userId: number): Promise<{ id: number }> {
    const { db, dialect } = this.deps;
    const serviceContent = input.serviceContent == null ? null : sanitizeRichText(input.serviceContent);
    const errors = shownErrors(validateServiceRecord({ ...input, serviceContent }));
    const serviceTime = this.instant("serviceTime", input.serviceTime, errors);
    const nextFollowTime = this.instant("nextFollowTime", input.nextFollowTime, errors);
    const attachment = optional(input.attachment);
    const attachmentRefusal = attachment === null ? null : await this.attachmentRefusal(attachment);
    if (attachmentRefusal !== null) errors.push({ field: "attachment", message: attachmentRefusal });
    // Researchers picked among the users (issue 11); without researcherIds the text is kept as sent (SPEC 7).
    const researcherUsers = input.researcherIds === undefined ? undefined : await pickedResearchers(db, input.researcherIds, input.id);
    if (input.researcherIds !== undefined && researcherUsers === undefined) errors.push({ field: "researchers", message: RecordMessages.researcherNotStaff });
    if (errors.length > 0 || serviceTime === null || serviceContent === null) throw invalid(errors);

    const company = await db.selectFrom("companies").select("id").where("id", "=", input.compId).executeTakeFirst();
    if (!company) throw AppError.badRequest(RecordMessages.unknownCompany);

    const now = toDbTime(dialect, new Date());
    // validateServiceRecord has made sure the required texts are there.
    const fields = {
      compId: input.compId,
      researchers: researcherUsers === undefined ? optional(input.researchers) : researchersText(researcherUsers, input.researchers),
      contactPerson: optional(input.contactPerson),
      contactPersonPhone: optional(input.contactPersonPhone),
      contactPersonPosition: optional(input.contactPersonPosition),
      cooperativePartner: input.cooperativePartner?.trim() ?? "",
      belongCustomer: input.belongCustomer?.trim() ?? "",
      businessOpportunity: input.businessOpportunity?.trim() ?? "",
      comprehensiveEvaluation: input.comprehensiveEvaluation || DEFAULT_EVALUATION,
      isOpenPatnavi: input.isOpenPatnavi || DEFAULT_ACCOUNT_OPEN_STATE,
      mainBusiness: input.mainBusiness?.trim() ?? "",
      serviceContent,
      serviceTime: toDbTime(dialect, serviceTime),
      nextFollowTime: nextFollowTime === null ? null : toDbTime(dialect, nextFollowTime),
      attachment,
      updateBy: userId,
      updateDate: now,
    };
    const recordId = input.id;
    return db.transaction().execute(async (trx) => {
      if (recordId != null) {
        const updated = await trx.updateTable("serviceRecords").set(fields).where("id", "=", recordId).executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) throw AppError.notFound(RecordMessages.notFound);
        await saveResearcherLinks(trx, recordId, researcherUsers, fields.researchers);
        return { id: recordId };
      }
      const created = await trx
        .insertInto("serviceRecords")
        .values({ ...fields, createBy: userId, createDate: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (researcherUsers !== undefined) await saveResearcherLinks(trx, created.id, researcherUsers, fields.researchers);
      return { id: created.id };
    });
  }
}
