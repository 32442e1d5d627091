import type { Kysely, Transaction } from "kysely";
import { isValidCreditCode, type Certification, type CertificationApplication, type CertificationState } from "../../../contract/account";
import { ErrorCode, type Page } from "../../../contract/envelope";
import { CONTACT_PERSON_MAX } from "../../../contract/limits";
import type { ListSortColumn } from "../../../contract/listSorts";
import type { Dialect } from "../../db/database";
import { ordered, type ListOrder, type SortRefs } from "../../db/order";
import type { CertificationRow, Database } from "../../db/schema";
import { formatDateTime, fromDbTime, toDbTime } from "../../db/time";
import { AppError } from "../../errors";
import { text, type ServerText } from "../../i18n";
import { COMPANY_NAME_MAX } from "../accounts/companies";
import { isInlineImage } from "../files/mimeType";
import { isContactPhone } from "../../../contract/phone";

export const REJECT_REASON_MAX = 200;
/** States in which an application still waits for a decision. */
const PENDING: CertificationState[] = ["submitted", "reviewing"];

export const CertificationMessages = {
  companyRequired: text("server.accounts.companyRequired"),
  companyTooLong: text("server.accounts.companyTooLong", { max: COMPANY_NAME_MAX }),
  badCreditCode: text("server.certification.badCreditCode"),
  contactRequired: text("server.certification.contactRequired"),
  contactTooLong: text("server.certification.contactTooLong", { max: CONTACT_PERSON_MAX }),
  badContactPhone: text("companies.rules.badPhone"),
  licenseMissing: text("server.certification.licenseMissing"),
  licenseNotImage: text("server.certification.licenseNotImage"),
  pending: text("server.certification.pending"),
  approved: text("server.certification.approved"),
  notFound: text("server.certification.notFound"),
  decided: text("server.certification.decided"),
  reasonRequired: text("server.certification.reasonRequired"),
  reasonTooLong: text("server.certification.reasonTooLong", { max: REJECT_REASON_MAX }),
  nameHasOtherCode: (name: string) => text("server.certification.nameHasOtherCode", { name }),
} as const;

export type CertificationInput = CertificationApplication;

export type { Certification };

/** What the reviewing administrator sees: the application and who made it. */
export interface ReviewedCertification extends Certification {
  userId: number;
  username: string;
  name: string;
}

export interface CertificationQuery {
  current: number;
  size: number;
  model?: { state?: CertificationState };
  orders?: ListOrder<ListSortColumn<"certifications">>[];
}

const SORT_REFS: SortRefs<ListSortColumn<"certifications">> = {
  createdAt: "certifications.createdAt",
  reviewedAt: { ref: "certifications.reviewedAt", nullable: true },
};

type Db = Kysely<Database> | Transaction<Database>;

const chars = (text: string) => [...text].length;
const conflict = (message: ServerText) => new AppError(ErrorCode.CONFLICT, message);

interface CertificationsOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  timeZone: string;
}

/**
 * Enterprise certification: a member applies with the company's details and business licence
 * (submitted); an administrator opening it starts the review (reviewing) and approves it, which
 * links the member to the company, or rejects it with a reason, after which the member may apply
 * again.
 */
export class Certifications {
  constructor(private readonly options: CertificationsOptions) {}

  private shown(row: CertificationRow): Certification {
    const { timeZone } = this.options;
    return {
      id: row.id,
      companyName: row.companyName,
      creditCode: row.creditCode,
      contactPerson: row.contactPerson,
      contactPhone: row.contactPhone,
      licenseFileId: row.licenseFileId,
      state: row.state,
      rejectReason: row.rejectReason,
      createdAt: formatDateTime(fromDbTime(row.createdAt), timeZone),
      reviewedAt: row.reviewedAt === null ? null : formatDateTime(fromDbTime(row.reviewedAt), timeZone),
    };
  }

  private async checked(input: CertificationInput): Promise<CertificationInput> {
    const companyName = input.companyName.trim();
    const creditCode = input.creditCode.trim().toUpperCase();
    const contactPerson = input.contactPerson.trim();
    const contactPhone = input.contactPhone.trim();
    const licenseFileId = input.licenseFileId.trim();
    if (!companyName) throw AppError.badRequest(CertificationMessages.companyRequired);
    if (chars(companyName) > COMPANY_NAME_MAX) throw AppError.badRequest(CertificationMessages.companyTooLong);
    if (!isValidCreditCode(creditCode)) throw AppError.badRequest(CertificationMessages.badCreditCode);
    if (!contactPerson) throw AppError.badRequest(CertificationMessages.contactRequired);
    if (chars(contactPerson) > CONTACT_PERSON_MAX) throw AppError.badRequest(CertificationMessages.contactTooLong);
    if (!isContactPhone(contactPhone)) throw AppError.badRequest(CertificationMessages.badContactPhone);
    const file = await this.options.db.selectFrom("files").select("mimeType").where("id", "=", licenseFileId).executeTakeFirst();
    if (!file) throw AppError.badRequest(CertificationMessages.licenseMissing);
    if (!isInlineImage(file.mimeType)) throw AppError.badRequest(CertificationMessages.licenseNotImage);
    return { companyName, creditCode, contactPerson, contactPhone, licenseFileId };
  }

  private latestRow(db: Db, userId: number): Promise<CertificationRow | undefined> {
    return db.selectFrom("certifications").selectAll().where("userId", "=", userId).orderBy("id", "desc").limit(1).executeTakeFirst();
  }

  /** The user's latest application, whatever its state; null when there is none. */
  async latest(userId: number): Promise<Certification | null> {
    const row = await this.latestRow(this.options.db, userId);
    return row ? this.shown(row) : null;
  }

  /** A pending or approved application blocks another; a rejected one may be followed by a new one. */
  async submit(userId: number, input: CertificationInput): Promise<Certification> {
    const { db, dialect } = this.options;
    const values = await this.checked(input);
    const row = await db.transaction().execute(async (trx) => {
      // Two submissions of one user at once: the second waits here and then sees the first.
      if (dialect === "postgres") await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
      const latest = await this.latestRow(trx, userId);
      if (latest && PENDING.includes(latest.state)) throw conflict(CertificationMessages.pending);
      if (latest?.state === "approved") throw conflict(CertificationMessages.approved);
      const now = toDbTime(dialect, new Date());
      return trx
        .insertInto("certifications")
        .values({ ...values, userId, state: "submitted", createdAt: now, updatedAt: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return this.shown(row);
  }

  private reviewed(row: CertificationRow & { username: string; name: string }): ReviewedCertification {
    return { ...this.shown(row), userId: row.userId, username: row.username, name: row.name };
  }

  private withApplicant(db: Db) {
    return db
      .selectFrom("certifications")
      .innerJoin("users", "users.id", "certifications.userId")
      .selectAll("certifications")
      .select(["users.username", "users.name"]);
  }

  /** Newest first, or as the caller sorts them; filtered by state when one is given. */
  async page(query: CertificationQuery): Promise<Page<ReviewedCertification>> {
    const { db } = this.options;
    const state = query.model?.state;
    let count = db.selectFrom("certifications").select((eb) => eb.fn.countAll().as("total"));
    let rows = this.withApplicant(db);
    if (state) {
      count = count.where("state", "=", state);
      rows = rows.where("certifications.state", "=", state);
    }
    const [{ total }, records] = await Promise.all([
      count.executeTakeFirstOrThrow(),
      ordered(rows, query.orders, SORT_REFS, { column: "createdAt", asc: false }, "certifications.id")
        .limit(query.size)
        .offset((query.current - 1) * query.size)
        .execute(),
    ]);
    return { records: records.map((r) => this.reviewed(r)), total: Number(total), current: query.current, size: query.size };
  }

  private async find(db: Db, id: number): Promise<ReviewedCertification> {
    const row = await this.withApplicant(db).where("certifications.id", "=", id).executeTakeFirst();
    if (!row) throw AppError.notFound(CertificationMessages.notFound);
    return this.reviewed(row);
  }

  /** An administrator opening a submitted application starts its review. */
  async open(id: number): Promise<ReviewedCertification> {
    const { db, dialect } = this.options;
    await db
      .updateTable("certifications")
      .set({ state: "reviewing", updatedAt: toDbTime(dialect, new Date()) })
      .where("id", "=", id)
      .where("state", "=", "submitted")
      .execute();
    return this.find(db, id);
  }

  /**
   * Decides a pending application, only if it is still pending: of two administrators deciding at
   * once, one wins and the other is told it is decided.
   */
  private async decide(
    trx: Transaction<Database>,
    id: number,
    decision: { state: "approved" | "rejected"; rejectReason: string | null; reviewedBy: number },
  ): Promise<void> {
    const at = toDbTime(this.options.dialect, new Date());
    const { numUpdatedRows } = await trx
      .updateTable("certifications")
      .set({ ...decision, reviewedAt: at, updatedAt: at })
      .where("id", "=", id)
      .where("state", "in", PENDING)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) {
      await this.find(trx, id);
      throw conflict(CertificationMessages.decided);
    }
  }

  /**
   * The company the approved application names: the one with its credit code, else the one of its
   * name (registration creates companies by name, without a code), else a new one.
   */
  private async companyFor(trx: Transaction<Database>, application: CertificationRow): Promise<number> {
    const now = toDbTime(this.options.dialect, new Date());
    const byCode = await trx.selectFrom("companies").selectAll().where("creditCode", "=", application.creditCode).executeTakeFirst();
    const company = byCode ?? (await trx.selectFrom("companies").selectAll().where("name", "=", application.companyName).executeTakeFirst());
    if (!company) {
      const created = await trx
        .insertInto("companies")
        .values({
          name: application.companyName,
          creditCode: application.creditCode,
          contactPerson: application.contactPerson,
          contactPhone: application.contactPhone,
          createdAt: now,
          updatedAt: now,
        })
        .onConflict((oc) => oc.doNothing())
        .returning("id")
        .executeTakeFirst();
      // Another approval created the company meanwhile: look again and link to that one.
      return created ? created.id : this.companyFor(trx, application);
    }
    if (company.creditCode !== null && company.creditCode !== application.creditCode) {
      throw conflict(CertificationMessages.nameHasOtherCode(company.name));
    }
    await trx
      .updateTable("companies")
      .set({
        creditCode: application.creditCode,
        contactPerson: company.contactPerson ?? application.contactPerson,
        contactPhone: company.contactPhone ?? application.contactPhone,
        updatedAt: now,
      })
      .where("id", "=", company.id)
      .execute();
    return company.id;
  }

  async approve(reviewerId: number, id: number): Promise<ReviewedCertification> {
    const { db, dialect } = this.options;
    return db.transaction().execute(async (trx) => {
      await this.decide(trx, id, { state: "approved", rejectReason: null, reviewedBy: reviewerId });
      const application = await trx.selectFrom("certifications").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      const companyId = await this.companyFor(trx, application);
      await trx
        .updateTable("users")
        .set({ companyId, updatedAt: toDbTime(dialect, new Date()) })
        .where("id", "=", application.userId)
        .execute();
      return this.find(trx, id);
    });
  }

  async reject(reviewerId: number, id: number, reason: string): Promise<ReviewedCertification> {
    const rejectReason = reason.trim();
    if (!rejectReason) throw AppError.badRequest(CertificationMessages.reasonRequired);
    if (chars(rejectReason) > REJECT_REASON_MAX) throw AppError.badRequest(CertificationMessages.reasonTooLong);
    return this.options.db.transaction().execute(async (trx) => {
      await this.decide(trx, id, { state: "rejected", rejectReason, reviewedBy: reviewerId });
      return this.find(trx, id);
    });
  }
}

/** The company and certification a user's info carries (POST /uaa/accounts/getUserInfo). */
export async function companyAndCertificationOf(
  db: Kysely<Database>,
  userId: number,
): Promise<{ company: { id: number; name: string } | null; certification: { state: CertificationState; rejectReason: string | null } | null }> {
  const [company, certification] = await Promise.all([
    db
      .selectFrom("users")
      .innerJoin("companies", "companies.id", "users.companyId")
      .select(["companies.id", "companies.name"])
      .where("users.id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("certifications")
      .select(["state", "rejectReason"])
      .where("userId", "=", userId)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { company: company ?? null, certification: certification ?? null };
}
