import type { Kysely, Selectable, Transaction } from "kysely";
import { ErrorCode, type Page } from "../../../../contract/envelope";
import {
  RESEARCHER_SEPARATOR,
  researcherNames,
  validateServiceRecord,
  type FieldError,
  type RecordChange,
  type RecordChangeField,
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
import type { Database, DbTime, FileRow, RecordHistoryTable, ServiceRecordsTable } from "../../../db/schema";
import { formatDateTime, fromDbTime, parseDateTime, toDbTime } from "../../../db/time";
import { AppError } from "../../../errors";
import { text, type ServerText } from "../../../i18n";
import type { CompanyOwner } from "../../companies/owners";
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

type Db = Kysely<Database> | Transaction<Database>;
type StoredRecord = Selectable<ServiceRecordsTable>;
type RecordHistoryRow = Selectable<RecordHistoryTable>;
/** What a save writes to the record's row. */
type RecordFields = Omit<StoredRecord, "id" | "createBy" | "createDate" | "version" | "voidedAt" | "voidedBy" | "voidReason">;

/** Who saves or voids a record, with the rights that decide whether they may. */
export interface RecordActor {
  id: number;
  /** Holds the right to edit the archive (serviceFiles:edit). */
  edits: boolean;
  /** May change records written by others too (serviceFiles:editAny, administrators). */
  editsAny: boolean;
}

/** The record's fields an edit may change, each kept in its history when it does. */
const HISTORY_FIELDS = [
  "compId",
  "researchers",
  "contactPerson",
  "contactPersonPhone",
  "contactPersonPosition",
  "cooperativePartner",
  "belongCustomer",
  "businessOpportunity",
  "comprehensiveEvaluation",
  "isOpenPatnavi",
  "mainBusiness",
  "serviceContent",
  "serviceTime",
  "nextFollowTime",
  "attachment",
] as const satisfies readonly (keyof RecordFields & RecordChangeField)[];

/** A conflict names the fields changed since: the latest changes are enough to say which. */
const CONFLICT_FIELDS_READ = 50;

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
        voided: row.voidedAt !== null,
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
            "shown.voidedAt",
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

  /** GET /api/archives/queryById/{id}: the record with its company's and attachment's names, and whether the caller may change it. */
  async byId(id: number, actor: RecordActor): Promise<ServiceRecord> {
    const row = await this.deps.db
      .selectFrom("serviceRecords")
      .innerJoin("companies", "companies.id", "serviceRecords.compId")
      .innerJoin("users as creator", "creator.id", "serviceRecords.createBy")
      .innerJoin("users as updater", "updater.id", "serviceRecords.updateBy")
      .leftJoin("users as voider", "voider.id", "serviceRecords.voidedBy")
      .leftJoin("files", "files.id", "serviceRecords.attachment")
      .selectAll("serviceRecords")
      .select(["companies.name as companyName", "files.originalName as attachmentName", "creator.name as creatorName", "updater.name as updaterName", "voider.name as voiderName"])
      .where("serviceRecords.id", "=", id)
      .executeTakeFirst();
    if (!row) throw AppError.notFound(RecordMessages.notFound);
    const { creatorName, updaterName, voiderName, voidedAt, voidedBy: _voidedBy, ...record } = row;
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
      voided: voidedAt !== null,
      voidedAt: voidedAt === null ? null : this.time(voidedAt),
      voidedBy: voiderName,
      editable: refusalToChange(row, actor) === null,
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
   * The stored fields a save writes, every rule checked first; the service record's HTML cleaned.
   * `stored` is the record an edit changes: its attachment, already checked when it was saved, is
   * not opened again.
   */
  private async checked(input: RecordInput, userId: number, stored?: StoredRecord): Promise<{ fields: RecordFields; researcherUsers: CompanyOwner[] | undefined }> {
    const { db, dialect } = this.deps;
    const serviceContent = input.serviceContent == null ? null : sanitizeRichText(input.serviceContent);
    const errors = shownErrors(validateServiceRecord({ ...input, serviceContent }));
    const serviceTime = this.instant("serviceTime", input.serviceTime, errors);
    const nextFollowTime = this.instant("nextFollowTime", input.nextFollowTime, errors);
    const attachment = optional(input.attachment);
    const attachmentRefusal = attachment === null || attachment === stored?.attachment ? null : await this.attachmentRefusal(attachment);
    if (attachmentRefusal !== null) errors.push({ field: "attachment", message: attachmentRefusal });
    // Researchers picked among the users (issue 11); without researcherIds the text is kept as sent (SPEC 7).
    const researcherUsers = input.researcherIds === undefined ? undefined : await pickedResearchers(db, input.researcherIds, input.id);
    if (input.researcherIds !== undefined && researcherUsers === undefined) errors.push({ field: "researchers", message: RecordMessages.researcherNotStaff });
    if (errors.length > 0 || serviceTime === null || serviceContent === null) throw invalid(errors);

    const company = await db.selectFrom("companies").select("id").where("id", "=", input.compId).executeTakeFirst();
    if (!company) throw AppError.badRequest(RecordMessages.unknownCompany);

    // validateServiceRecord has made sure the required texts are there.
    const fields: RecordFields = {
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
      updateDate: toDbTime(dialect, new Date()),
    };
    return { fields, researcherUsers };
  }

  /**
   * POST /api/archives/releaseArchives: adds a record, or edits the one the id names. Every rule
   * is checked before anything is written.
   */
  async release(input: RecordInput, actor: RecordActor): Promise<{ id: number }> {
    if (input.id != null) return this.edit(input.id, input, actor);
    const { fields, researcherUsers } = await this.checked(input, actor.id);
    return this.deps.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto("serviceRecords")
        .values({ ...fields, createBy: actor.id, createDate: fields.updateDate })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (researcherUsers !== undefined) await saveResearcherLinks(trx, created.id, researcherUsers, fields.researchers);
      return { id: created.id };
    });
  }

  /**
   * An edit by the record's author or an administrator (issue 11 item 5): the fields the body
   * leaves out keep their stored values; a body based on another version than the stored one is
   * refused naming who changed what since; each changed field is kept in the record's history.
   * The write is conditional on the version read, so of two edits at once one is refused.
   */
  private async edit(id: number, input: RecordInput, actor: RecordActor): Promise<{ id: number }> {
    const { db } = this.deps;
    const stored = await this.stored(db, id);
    const refusal = refusalToChange(stored, actor);
    if (refusal) throw refusal;
    if (input.version !== undefined && input.version !== stored.version) throw await this.conflict(id, input.version);

    const merged = await this.mergedInput(stored, input);
    const { fields, researcherUsers } = await this.checked(merged, actor.id, stored);
    const changes = await this.changesOf(stored, fields);
    if (changes.length === 0) return { id };
    return db.transaction().execute(async (trx) => {
      const version = stored.version + 1;
      const updated = await trx.updateTable("serviceRecords").set({ ...fields, version }).where("id", "=", id).where("version", "=", stored.version).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw await this.conflict(id, stored.version);
      await saveResearcherLinks(trx, id, researcherUsers, fields.researchers);
      await trx
        .insertInto("recordHistory")
        .values(changes.map((change) => ({ recordId: id, compId: fields.compId, version, ...change, editedBy: actor.id, editedAt: fields.updateDate })))
        .execute();
      return { id };
    });
  }

  private async stored(db: Db, id: number): Promise<StoredRecord> {
    const stored = await db.selectFrom("serviceRecords").selectAll().where("id", "=", id).executeTakeFirst();
    if (!stored) throw AppError.notFound(RecordMessages.notFound);
    return stored;
  }

  /**
   * The body of an edit completed with the stored record: a field left out keeps its value. The
   * researchers are one field made of two parts: without either part they stay as they are; with
   * only the users, the stored free-text names stay beside them.
   */
  private async mergedInput(stored: StoredRecord, input: RecordInput): Promise<RecordInput> {
    const storedInput: RecordInput = {
      id: stored.id,
      compId: stored.compId,
      researchers: stored.researchers,
      contactPerson: stored.contactPerson,
      contactPersonPhone: stored.contactPersonPhone,
      contactPersonPosition: stored.contactPersonPosition,
      cooperativePartner: stored.cooperativePartner,
      belongCustomer: stored.belongCustomer,
      businessOpportunity: stored.businessOpportunity,
      comprehensiveEvaluation: stored.comprehensiveEvaluation,
      isOpenPatnavi: stored.isOpenPatnavi,
      mainBusiness: stored.mainBusiness,
      serviceContent: stored.serviceContent,
      serviceTime: this.time(stored.serviceTime),
      nextFollowTime: stored.nextFollowTime === null ? null : this.time(stored.nextFollowTime),
      attachment: stored.attachment,
    };
    const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as RecordInput;
    const merged: RecordInput = { ...storedInput, ...given };
    if (input.researcherIds !== undefined && input.researchers === undefined) {
      const linked = new Set(((await researchersOf(this.deps.db, [stored.id])).get(stored.id) ?? []).map((user) => user.name));
      merged.researchers = researcherNames(stored.researchers)
        .filter((name) => !linked.has(name))
        .join(RESEARCHER_SEPARATOR);
    }
    return merged;
  }

  /** The history rows of an edit: each field whose value changes, before and after as people read them. */
  private async changesOf(stored: StoredRecord, fields: RecordFields): Promise<Pick<RecordHistoryRow, "field" | "beforeValue" | "afterValue">[]> {
    const changes: Pick<RecordHistoryRow, "field" | "beforeValue" | "afterValue">[] = [];
    const timeText = (value: DbTime | null) => (value === null ? null : this.time(value));
    for (const field of HISTORY_FIELDS) {
      const isTime = field === "serviceTime" || field === "nextFollowTime";
      const before = isTime ? timeText(stored[field]) : stored[field];
      const after = isTime ? timeText(fields[field]) : fields[field];
      if ((before ?? null) === (after ?? null)) continue;
      changes.push({ field, beforeValue: before === null ? null : String(before), afterValue: after === null ? null : String(after) });
    }
    // The company and the attachment are kept by their names: ids tell the reader nothing.
    for (const change of changes) {
      if (change.field === "compId") {
        change.beforeValue = await this.companyName(stored.compId);
        change.afterValue = await this.companyName(fields.compId);
      } else if (change.field === "attachment") {
        change.beforeValue = stored.attachment === null ? null : await this.fileName(stored.attachment);
        change.afterValue = fields.attachment === null ? null : await this.fileName(fields.attachment);
      }
    }
    return changes;
  }

  private async companyName(id: number): Promise<string | null> {
    return (await this.deps.db.selectFrom("companies").select("name").where("id", "=", id).executeTakeFirst())?.name ?? null;
  }

  private async fileName(id: string): Promise<string | null> {
    return (await this.deps.files.find(id))?.originalName ?? null;
  }

  /** The refusal of a save or voiding based on `since`: who changed the record after it, when, and which fields. */
  private async conflict(id: number, since: number): Promise<AppError> {
    const rows = await this.deps.db
      .selectFrom("recordHistory")
      .innerJoin("users", "users.id", "recordHistory.editedBy")
      .select(["recordHistory.field", "recordHistory.editedAt", "users.name as editor"])
      .where("recordHistory.recordId", "=", id)
      .where("recordHistory.version", ">", since)
      .orderBy("recordHistory.id", "desc")
      .limit(CONFLICT_FIELDS_READ)
      .execute();
    if (rows.length === 0) return new AppError(ErrorCode.CONFLICT, RecordMessages.conflict, 409);
    const fields = [...new Set(rows.map((row) => row.field as RecordChangeField))].map((field) =>
      field === "voided" ? text("archive.recordHistory.voidedField") : text(`archive.form.${field}`),
    );
    return new AppError(ErrorCode.CONFLICT, RecordMessages.conflictBy(rows[0].editor, this.time(rows[0].editedAt), fields), 409);
  }

  /** POST /api/archives/voidRecord: the record stays, marked void with its reason, and no longer counts as a visit. */
  async void(body: { id: number; reason: string; version?: number }, actor: RecordActor): Promise<void> {
    const { db, dialect } = this.deps;
    const reason = body.reason.trim();
    if (reason === "") throw AppError.badRequest(RecordMessages.voidReasonRequired);
    const stored = await this.stored(db, body.id);
    const refusal = refusalToChange(stored, actor);
    if (refusal) throw refusal;
    if (body.version !== undefined && body.version !== stored.version) throw await this.conflict(body.id, body.version);
    const now = toDbTime(dialect, new Date());
    const version = stored.version + 1;
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("serviceRecords")
        .set({ voidedAt: now, voidedBy: actor.id, voidReason: reason, version, updateBy: actor.id, updateDate: now })
        .where("id", "=", body.id)
        .where("version", "=", stored.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw await this.conflict(body.id, stored.version);
      await trx
        .insertInto("recordHistory")
        .values({ recordId: body.id, compId: stored.compId, version, field: "voided", beforeValue: null, afterValue: reason, editedBy: actor.id, editedAt: now })
        .execute();
    });
  }

  /** POST /api/archives/recordHistory: the record's changes, newest first. */
  async history(query: { current: number; size: number; model: { id: number } }): Promise<Page<RecordChange>> {
    const { db } = this.deps;
    const changes = db.selectFrom("recordHistory").where("recordHistory.recordId", "=", query.model.id);
    const [{ total }, rows] = await Promise.all([
      changes.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
      changes
        .innerJoin("users", "users.id", "recordHistory.editedBy")
        .select(["recordHistory.id", "recordHistory.version", "recordHistory.field", "recordHistory.beforeValue", "recordHistory.afterValue", "recordHistory.editedAt", "users.name as editor"])
        .orderBy("recordHistory.id", "desc")
        .limit(query.size)
        .offset((query.current - 1) * query.size)
        .execute(),
    ]);
    const records = rows.map((row) => ({
      id: row.id,
      version: row.version,
      field: row.field,
      before: row.beforeValue,
      after: row.afterValue,
      editor: row.editor,
      editedAt: this.time(row.editedAt),
    }));
    return { records, total: Number(total), current: query.current, size: query.size };
  }
}

/**
 * Why the caller may not edit or void this record, or null when they may: the record must not be
 * voided, and the caller must be its author or hold the right to change others' records
 * (administrators). The right to edit the archive at all is the route's.
 */
function refusalToChange(record: Pick<StoredRecord, "createBy" | "voidedAt">, actor: RecordActor): AppError | null {
  if (!actor.edits || (record.createBy !== actor.id && !actor.editsAny)) return new AppError(ErrorCode.FORBIDDEN, RecordMessages.notYours, 403);
  if (record.voidedAt !== null) return new AppError(ErrorCode.CONFLICT, RecordMessages.voided, 409);
  return null;
}
