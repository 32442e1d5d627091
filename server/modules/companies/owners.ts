import type { Kysely, Transaction } from "kysely";
import { ErrorCode } from "../../../contract/envelope";
import { MenuCode } from "../../../contract/menus";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import { text } from "../../i18n";
import { usersHolding } from "../auth/permissions";
import type { SignedInUser } from "../auth/principal";

type Db = Kysely<Database> | Transaction<Database>;

export const ScopeMessages = {
  outOfScope: text("server.companies.outOfScope"),
  ownerNotStaff: text("server.companies.ownerNotStaff"),
  notFound: text("server.companies.notFound"),
} as const;

/** A company's owner as lists and dialogs show it. */
export interface CompanyOwner {
  id: number;
  name: string;
}

/** Users who may own a company (and be a visit's researcher): active accounts whose roles reach the service archive. */
export const archiveUsers = (db: Db) => usersHolding(db, MenuCode.SERVICE_FILES);

export const shownName = (row: { name: string; username: string }) => row.name || row.username;

/**
 * The data scope (issue 11): a user reaches every company's archive when one of their roles has
 * scope `all`, else only the companies they own. Read on every call, so a changed role or owner
 * counts at once, whichever process answers.
 */
export class CompanyScope {
  constructor(private readonly db: Db) {}

  /** The guard reads it with the session on every call (server/modules/auth/principal.ts). */
  seesAll(user: Pick<SignedInUser, "seesAllCompanies">): boolean {
    return user.seesAllCompanies;
  }

  /** The owner a company list is limited to: undefined when the user sees every company. */
  ownerFilter(user: Pick<SignedInUser, "id" | "seesAllCompanies">): number | undefined {
    return this.seesAll(user) ? undefined : user.id;
  }

  /** Refuses (403) a call on any company outside the user's scope. */
  async check(user: Pick<SignedInUser, "id" | "seesAllCompanies">, compIds: readonly number[]): Promise<void> {
    const wanted = [...new Set(compIds)];
    if (wanted.length === 0 || this.seesAll(user)) return;
    const owned = await this.db
      .selectFrom("companyOwners")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("userId", "=", user.id)
      .where("companyId", "in", wanted)
      .executeTakeFirstOrThrow();
    if (Number(owned.count) < wanted.length) throw new AppError(ErrorCode.FORBIDDEN, ScopeMessages.outOfScope);
  }
}

/** The owners of each company, by company id, in name order. */
export async function ownersOf(db: Db, companyIds: readonly number[]): Promise<Map<number, CompanyOwner[]>> {
  const owners = new Map<number, CompanyOwner[]>(companyIds.map((id) => [id, []]));
  if (companyIds.length === 0) return owners;
  const rows = await db
    .selectFrom("companyOwners")
    .innerJoin("users", "users.id", "companyOwners.userId")
    .select(["companyOwners.companyId", "users.id", "users.name", "users.username"])
    .where("companyOwners.companyId", "in", companyIds)
    .orderBy("users.name")
    .orderBy("users.id")
    .execute();
  for (const row of rows) owners.get(row.companyId)?.push({ id: row.id, name: shownName(row) });
  return owners;
}

/** Who may be made an owner, for the dialogs' picker. */
export async function ownerCandidates(db: Db): Promise<CompanyOwner[]> {
  const rows = await archiveUsers(db).select(["users.id", "users.name", "users.username"]).orderBy("users.name").orderBy("users.id").limit(1000).execute();
  return rows.map((row) => ({ id: row.id, name: shownName(row) }));
}

/**
 * POST /api/company/owners: the company's owners become exactly `ownerIds`, each an active user
 * whose roles reach the archive (400 otherwise); an unknown company is 404.
 */
export async function setOwners(db: Kysely<Database>, compId: number, ownerIds: readonly number[]): Promise<CompanyOwner[]> {
  const wanted = [...new Set(ownerIds)];
  return db.transaction().execute(async (trx) => {
    const company = await trx.selectFrom("companies").select("id").where("id", "=", compId).executeTakeFirst();
    if (!company) throw AppError.notFound(ScopeMessages.notFound);
    if (wanted.length > 0) {
      const allowed = await archiveUsers(trx).select("users.id").where("users.id", "in", wanted).execute();
      if (allowed.length < wanted.length) throw AppError.badRequest(ScopeMessages.ownerNotStaff);
    }
    await trx.deleteFrom("companyOwners").where("companyId", "=", compId).execute();
    if (wanted.length > 0) await trx.insertInto("companyOwners").values(wanted.map((userId) => ({ companyId: compId, userId }))).execute();
    return (await ownersOf(trx, [compId])).get(compId) ?? [];
  });
}
