import type { Transaction } from "kysely";
import { MOBILE_PATTERN, USERNAME_PATTERN } from "../../../contract/account";
import { ErrorCode } from "../../../contract/envelope";
import { USER_NAME_MAX, type AdminUser, type CreatedUser, type NewUserInput, type UserEditInput } from "../../../contract/users";
import type { Database } from "../../db/schema";
import { toDbTime } from "../../db/time";
import { AppError } from "../../errors";
import { text, type ServerText } from "../../i18n";
import { generatePassword, hashPassword } from "../../security/password";
import { revokeUserSessions, type SessionDeps } from "../auth/sessions";
import { lockAdministrators, requireAnAdministrator } from "./lastAdmin";
import { adminUserById } from "./list";

export const UserMessages = {
  notFound: text("server.users.notFound"),
  badUsername: text("server.users.badUsername"),
  usernameRequired: text("server.users.usernameRequired"),
  usernameTaken: text("server.users.usernameTaken"),
  nameRequired: text("server.users.nameRequired"),
  nameTooLong: text("server.users.nameTooLong", { max: USER_NAME_MAX }),
  badMobile: text("server.users.badMobile"),
  mobileTaken: text("server.users.mobileTaken"),
  rolesRequired: text("server.users.rolesRequired"),
  unknownRole: (code: string) => text("server.users.unknownRole", { code }),
  unknownCompany: text("server.users.unknownCompany"),
  disableSelf: text("server.users.disableSelf"),
  deleteSelf: text("server.users.deleteSelf"),
  lastAdminDisable: text("server.users.lastAdminDisable"),
  lastAdminDelete: text("server.users.lastAdminDelete"),
  lastAdminRole: text("server.users.lastAdminRole"),
} as const;

export interface UserAdminDeps extends SessionDeps {
  timeZone: string;
}

/** The administrator acting: who they are and the session they act from. */
export interface Actor {
  id: number;
  sessionId: number;
}

const conflict = (message: ServerText) => new AppError(ErrorCode.CONFLICT, message);
const chars = (text: string) => [...text].length;

function cleanName(raw: string): string {
  const name = raw.trim();
  if (!name) throw AppError.badRequest(UserMessages.nameRequired);
  if (chars(name) > USER_NAME_MAX) throw AppError.badRequest(UserMessages.nameTooLong);
  return name;
}

/** Empty means none. */
function cleanMobile(raw: string | null | undefined): string | null {
  const mobile = raw?.trim() ?? "";
  if (!mobile) return null;
  if (!MOBILE_PATTERN.test(mobile)) throw AppError.badRequest(UserMessages.badMobile);
  return mobile;
}

type Trx = Transaction<Database>;

/** A live (not deleted) account, locked for the change on PostgreSQL. */
async function liveUser(trx: Trx, deps: UserAdminDeps, id: number) {
  let query = trx.selectFrom("users").select(["id", "mobile", "status"]).where("id", "=", id).where("deleted", "=", 0);
  if (deps.dialect === "postgres") query = query.forUpdate();
  const user = await query.executeTakeFirst();
  if (!user) throw AppError.notFound(UserMessages.notFound);
  return user;
}

async function checkMobileFree(trx: Trx, mobile: string | null, exceptUserId?: number): Promise<void> {
  if (mobile === null) return;
  let query = trx.selectFrom("users").select("id").where("mobile", "=", mobile).where("deleted", "=", 0);
  if (exceptUserId !== undefined) query = query.where("id", "!=", exceptUserId);
  if (await query.executeTakeFirst()) throw conflict(UserMessages.mobileTaken);
}

async function roleIdsOf(trx: Trx, roleCodes: string[]): Promise<number[]> {
  const codes = [...new Set(roleCodes.map((c) => c.trim()).filter(Boolean))];
  if (codes.length === 0) throw AppError.badRequest(UserMessages.rolesRequired);
  const rows = await trx.selectFrom("roles").select(["id", "code"]).where("code", "in", codes).execute();
  const missing = codes.find((code) => !rows.some((r) => r.code === code));
  if (missing !== undefined) throw AppError.badRequest(UserMessages.unknownRole(missing));
  return rows.map((r) => r.id);
}

async function checkCompany(trx: Trx, companyId: number | null | undefined): Promise<number | null> {
  if (companyId === null || companyId === undefined) return null;
  const company = await trx.selectFrom("companies").select("id").where("id", "=", companyId).executeTakeFirst();
  if (!company) throw AppError.badRequest(UserMessages.unknownCompany);
  return company.id;
}

/** Replaces the user's roles; refused when that leaves no enabled administrator. */
async function replaceRoles(trx: Trx, userId: number, roleIds: number[]): Promise<void> {
  await trx.deleteFrom("userRoles").where("userId", "=", userId).execute();
  await trx
    .insertInto("userRoles")
    .values(roleIds.map((roleId) => ({ userId, roleId })))
    .execute();
  await requireAnAdministrator(trx, UserMessages.lastAdminRole);
}

/**
 * Accounts as administrators manage them. A change of roles or status takes effect at the user's
 * next call, since the guard reads both on every call; disabling, deleting and a password reset
 * also end the user's sessions, so the next call answers 41202.
 */
export class UserAdmin {
  constructor(private readonly deps: UserAdminDeps) {}

  private async shown(id: number): Promise<AdminUser> {
    const user = await adminUserById({ db: this.deps.db, dialect: this.deps.dialect, timeZone: this.deps.timeZone }, id);
    if (!user) throw AppError.notFound(UserMessages.notFound);
    return user;
  }

  /** A new account with a generated password, to be changed at its first sign-in. */
  async create(input: NewUserInput): Promise<CreatedUser> {
    const { db, dialect } = this.deps;
    const username = input.username.trim();
    if (!USERNAME_PATTERN.test(username)) throw AppError.badRequest(UserMessages.badUsername);
    const name = cleanName(input.name);
    const mobile = cleanMobile(input.mobile);
    const initialPassword = generatePassword();
    const passwordHash = await hashPassword(initialPassword);
    const id = await db.transaction().execute(async (trx) => {
      const roleIds = await roleIdsOf(trx, input.roleCodes);
      const companyId = await checkCompany(trx, input.companyId);
      await checkMobileFree(trx, mobile);
      const now = toDbTime(dialect, new Date());
      // The unique username settles two creations racing for one name: the loser inserts nothing.
      const created = await trx
        .insertInto("users")
        .values({ username, passwordHash, name, mobile, companyId, status: "enabled", mustChangePassword: 1, createdAt: now, updatedAt: now })
        .onConflict((oc) => oc.column("username").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!created) throw conflict(UserMessages.usernameTaken);
      await trx
        .insertInto("userRoles")
        .values(roleIds.map((roleId) => ({ userId: created.id, roleId })))
        .execute();
      return created.id;
    });
    return { id, initialPassword };
  }

  /** The whole form: name, mobile, roles and company (a mobile or company left out is cleared). */
  async edit(input: UserEditInput): Promise<AdminUser> {
    const { db, dialect } = this.deps;
    const name = cleanName(input.name);
    const mobile = cleanMobile(input.mobile);
    await db.transaction().execute(async (trx) => {
      await lockAdministrators(trx, dialect);
      await liveUser(trx, this.deps, input.id);
      const roleIds = await roleIdsOf(trx, input.roleCodes);
      const companyId = await checkCompany(trx, input.companyId);
      await checkMobileFree(trx, mobile, input.id);
      await trx
        .updateTable("users")
        .set({ name, mobile, companyId, updatedAt: toDbTime(dialect, new Date()) })
        .where("id", "=", input.id)
        .execute();
      await replaceRoles(trx, input.id, roleIds);
    });
    return this.shown(input.id);
  }

  /** POST /api/user/release/conf: the roles alone. */
  async setRoles(id: number, roleCodes: string[]): Promise<AdminUser> {
    const { db, dialect } = this.deps;
    await db.transaction().execute(async (trx) => {
      await lockAdministrators(trx, dialect);
      await liveUser(trx, this.deps, id);
      await replaceRoles(trx, id, await roleIdsOf(trx, roleCodes));
    });
    return this.shown(id);
  }

  async disable(actor: Actor, id: number): Promise<AdminUser> {
    const { db, dialect } = this.deps;
    if (id === actor.id) throw AppError.badRequest(UserMessages.disableSelf);
    await db.transaction().execute(async (trx) => {
      await lockAdministrators(trx, dialect);
      await liveUser(trx, this.deps, id);
      await trx.updateTable("users").set({ status: "disabled", updatedAt: toDbTime(dialect, new Date()) }).where("id", "=", id).execute();
      await requireAnAdministrator(trx, UserMessages.lastAdminDisable);
    });
    await revokeUserSessions(this.deps, id, "disabled");
    return this.shown(id);
  }

  async enable(id: number): Promise<AdminUser> {
    const { db, dialect } = this.deps;
    await db.transaction().execute(async (trx) => {
      await liveUser(trx, this.deps, id);
      await trx.updateTable("users").set({ status: "enabled", updatedAt: toDbTime(dialect, new Date()) }).where("id", "=", id).execute();
    });
    return this.shown(id);
  }

  /**
   * A soft delete: the row and its username stay, so what the user wrote still names them; the
   * mobile number is given back (kept as deleted_mobile) and the account can no longer sign in.
   */
  async remove(actor: Actor, id: number): Promise<void> {
    const { db, dialect } = this.deps;
    if (id === actor.id) throw AppError.badRequest(UserMessages.deleteSelf);
    await db.transaction().execute(async (trx) => {
      await lockAdministrators(trx, dialect);
      const user = await liveUser(trx, this.deps, id);
      const now = toDbTime(dialect, new Date());
      await trx
        .updateTable("users")
        .set({ deleted: 1, deletedAt: now, deletedMobile: user.mobile, mobile: null, updatedAt: now })
        .where("id", "=", id)
        .execute();
      await requireAnAdministrator(trx, UserMessages.lastAdminDelete);
    });
    await revokeUserSessions(this.deps, id, "admin");
  }

  /**
   * A generated password, shown once to the administrator, that the user must replace at the next
   * sign-in; the lockout is lifted and the user's sessions end (the actor's own one excepted).
   */
  async resetPassword(actor: Actor, id: number): Promise<string> {
    const { db, dialect } = this.deps;
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    const { numUpdatedRows } = await db
      .updateTable("users")
      .set({ passwordHash, mustChangePassword: 1, failedLoginCount: 0, lockedUntil: null, updatedAt: toDbTime(dialect, new Date()) })
      .where("id", "=", id)
      .where("deleted", "=", 0)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) throw AppError.notFound(UserMessages.notFound);
    await revokeUserSessions(this.deps, id, "password_changed", { exceptSessionId: id === actor.id ? actor.sessionId : undefined });
    return password;
  }
}
