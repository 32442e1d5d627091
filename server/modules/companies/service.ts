import { sql, type Kysely } from "kysely";
import { COMPANY_IMPORT_HEADER, SEGMENT_NAMES, type Company, type CompanyInput, type CompanySearchRow, type CompanySegment } from "../../../contract/companies";
import { ErrorCode } from "../../../contract/envelope";
import type { Page } from "../../../contract/envelope";
import type { Dialect } from "../../db/database";
import { containsText } from "../../db/like";
import type { Database } from "../../db/schema";
import { toDbTime } from "../../db/time";
import { AppError } from "../../errors";
import { text, type ServerText } from "../../i18n";
import { CompanyMessages, checkCompany, type CompanyValues } from "./rules";
import { ownersOf } from "./owners";
import type { SheetRow } from "./sheet";

export interface CompanyDeps {
  db: Kysely<Database>;
  dialect: Dialect;
}

/** The most companies one import takes: more is a job for the database, not a spreadsheet upload. */
export const IMPORT_MAX_COMPANIES = 5000;
/** Rows per INSERT: well under the bound parameters either database takes in one statement (SQLite 32,766, PostgreSQL 65,535). */
const INSERT_CHUNK = 500;

export const ImportMessages = {
  noFile: text("server.companies.importNoFile"),
  unreadable: text("server.companies.importUnreadable"),
  empty: text("server.companies.importEmpty"),
  tooMany: text("server.companies.importTooMany", { max: IMPORT_MAX_COMPANIES }),
  badHeader: text("server.companies.importBadHeader", { header: COMPANY_IMPORT_HEADER.join("、") }),
  failed: (count: number) => text("server.companies.importFailed", { count }),
  duplicateName: (line: number) => text("server.companies.importDuplicateName", { line }),
  duplicateCode: (line: number) => text("server.companies.importDuplicateCode", { line }),
} as const;

const SEGMENT_BY_NAME = new Map(Object.entries(SEGMENT_NAMES).map(([code, name]) => [name, code as CompanySegment]));

const COMPANY_COLUMNS = ["id", "name", "creditCode", "district", "segment", "address", "contactPerson", "contactPhone"] as const;

/** Stored segments are the codes this module wrote. */
const shown = <T extends { segment: string | null }>(row: T) => ({ ...row, segment: row.segment as CompanySegment | null });

export interface ImportError {
  line: number;
  reason: ServerText;
}

export class Companies {
  constructor(private readonly deps: CompanyDeps) {}

  /**
   * POST /api/company/search: names or credit codes containing the keywords (ignoring the case
   * of Latin letters), the exact matches first, then those starting with them, then the rest.
   * With `ownerId` only the companies that user owns (data scope `own`).
   */
  async search(query: { keywords?: string; current: number; size: number; ownerId?: number }): Promise<Page<CompanySearchRow>> {
    const { db, dialect } = this.deps;
    const words = query.keywords?.trim() ?? "";
    let companies = db.selectFrom("companies");
    const { ownerId } = query;
    if (ownerId !== undefined) {
      companies = companies.where((eb) =>
        eb.exists(eb.selectFrom("companyOwners").select("companyOwners.userId").whereRef("companyOwners.companyId", "=", "companies.id").where("companyOwners.userId", "=", ownerId)),
      );
    }
    if (words) {
      companies = companies.where((eb) => eb.or([containsText(dialect, eb.ref("name"), words), containsText(dialect, eb.ref("creditCode"), words)]));
    }
    const lowered = words.toLowerCase();
    const length = words.length;
    // substr rather than LIKE: the keywords are compared as they are, with no wildcard to escape.
    const rank = sql<number>`case
      when lower(name) = ${lowered} or lower(credit_code) = ${lowered} then 0
      when substr(lower(name), 1, ${length}) = ${lowered} or substr(lower(credit_code), 1, ${length}) = ${lowered} then 1
      else 2 end`;
    const [{ total }, rows] = await Promise.all([
      companies.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
      companies
        .select(["id", "name", "creditCode", "district", "segment"])
        .orderBy(rank)
        .orderBy("name")
        .orderBy("id")
        .limit(query.size)
        .offset((query.current - 1) * query.size)
        .execute(),
    ]);
    const owners = await ownersOf(db, rows.map((row) => row.id));
    return { records: rows.map((row) => ({ ...shown(row), owners: owners.get(row.id) ?? [] })), total: Number(total), current: query.current, size: query.size };
  }

  async byId(id: number): Promise<Company> {
    const row = await this.deps.db.selectFrom("companies").select(COMPANY_COLUMNS).where("id", "=", id).executeTakeFirst();
    if (!row) throw AppError.notFound(CompanyMessages.notFound);
    const owners = await ownersOf(this.deps.db, [id]);
    return { ...shown(row), owners: owners.get(id) ?? [] };
  }

  /** Which rule of uniqueness the values break against the other companies, if any. */
  private async taken(values: CompanyValues, exceptId?: number): Promise<ServerText | null> {
    const { db } = this.deps;
    let byName = db.selectFrom("companies").select("id").where("name", "=", values.name);
    if (exceptId !== undefined) byName = byName.where("id", "!=", exceptId);
    if (await byName.executeTakeFirst()) return CompanyMessages.nameTaken;
    if (values.creditCode === null) return null;
    let byCode = db.selectFrom("companies").select("id").where("creditCode", "=", values.creditCode);
    if (exceptId !== undefined) byCode = byCode.where("id", "!=", exceptId);
    return (await byCode.executeTakeFirst()) ? CompanyMessages.creditCodeTaken : null;
  }

  /** POST /api/company/save: adds a company, or edits the one the id names. */
  async save(input: CompanyInput): Promise<Company> {
    const { db, dialect } = this.deps;
    const values = checkCompany(input);
    if ("problem" in values) throw AppError.badRequest(values.problem);
    const conflict = await this.taken(values, input.id);
    if (conflict) throw new AppError(ErrorCode.CONFLICT, conflict);
    const now = toDbTime(dialect, new Date());
    if (input.id !== undefined) {
      const updated = await db.updateTable("companies").set({ ...values, updatedAt: now }).where("id", "=", input.id).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw AppError.notFound(CompanyMessages.notFound);
      return this.byId(input.id);
    }
    // The unique columns settle a save racing another for one name or code.
    const created = await db
      .insertInto("companies")
      .values({ ...values, createdAt: now, updatedAt: now })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!created) throw new AppError(ErrorCode.CONFLICT, CompanyMessages.nameTaken);
    return this.byId(created.id);
  }

  /**
   * POST /api/company/import: every row is checked (its fields, repeats within the file, names and
   * codes already taken) before anything is written, and the rows are written in one transaction,
   * so a file is imported whole or not at all. At most IMPORT_MAX_COMPANIES filled rows.
   */
  async import(rows: SheetRow[]): Promise<{ imported: number }> {
    const [header, ...body] = rows;
    const headerCells = header?.cells.map((c) => c.trim()) ?? [];
    if (!header || COMPANY_IMPORT_HEADER.some((name, i) => headerCells[i] !== name)) throw AppError.badRequest(ImportMessages.badHeader);
    const filled = body.filter((row) => row.cells.some((c) => c.trim() !== ""));
    if (filled.length === 0) throw AppError.badRequest(ImportMessages.empty);
    if (filled.length > IMPORT_MAX_COMPANIES) throw AppError.badRequest(ImportMessages.tooMany);

    const errors: ImportError[] = [];
    const accepted: CompanyValues[] = [];
    const nameLines = new Map<string, number>();
    const codeLines = new Map<string, number>();
    for (const { line, cells } of filled) {
      const [name = "", creditCode, district, segmentName, address, contactPerson, contactPhone] = cells;
      const segmentText = segmentName?.trim() ?? "";
      const segment = segmentText ? (SEGMENT_BY_NAME.get(segmentText) ?? segmentText) : null;
      const values = checkCompany({ name, creditCode, district, segment, address, contactPerson, contactPhone });
      if ("problem" in values) {
        errors.push({ line, reason: values.problem });
        continue;
      }
      const sameName = nameLines.get(values.name);
      const sameCode = values.creditCode === null ? undefined : codeLines.get(values.creditCode);
      const reason =
        sameName !== undefined ? ImportMessages.duplicateName(sameName) : sameCode !== undefined ? ImportMessages.duplicateCode(sameCode) : await this.taken(values);
      if (reason) {
        errors.push({ line, reason });
        continue;
      }
      nameLines.set(values.name, line);
      if (values.creditCode !== null) codeLines.set(values.creditCode, line);
      accepted.push(values);
    }
    if (errors.length > 0) throw new AppError(ErrorCode.BAD_REQUEST, ImportMessages.failed(errors.length), 400, { errors });

    const { db, dialect } = this.deps;
    const now = toDbTime(dialect, new Date());
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < accepted.length; start += INSERT_CHUNK) {
        await trx
          .insertInto("companies")
          .values(accepted.slice(start, start + INSERT_CHUNK).map((values) => ({ ...values, createdAt: now, updatedAt: now })))
          .execute();
      }
    });
    return { imported: accepted.length };
  }
}
