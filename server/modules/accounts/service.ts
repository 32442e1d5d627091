import {
  MOBILE_PATTERN,
  PASSWORD_MAX_LENGTH,
  SMS_CODE_PATTERN,
  USERNAME_PATTERN,
  isStrongPassword,
  type Registration,
} from "../../../contract/account";
import { ErrorCode } from "../../../contract/envelope";
import { RoleCode } from "../../../contract/menus";
import { toDbTime } from "../../db/time";
import { AppError } from "../../errors";
import { text, type ServerText } from "../../i18n";
import { hashPassword, verifyPassword } from "../../security/password";
import { revokeUserSessions, type SessionDeps } from "../auth/sessions";
import { isInlineImage } from "../files/mimeType";
import type { SmsCodes } from "../sms/service";
import { COMPANY_NAME_MAX, companyIdByName } from "./companies";
import { MobileMessages, userByMobile, usernameTaken } from "./users";

export const NAME_MAX = 50;
export const EMAIL_MAX = 100;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const AccountMessages = {
  badUsername: text("server.users.badUsername"),
  usernameTaken: text("server.users.usernameTaken"),
  mobileTaken: text("server.accounts.mobileTaken"),
  sameMobile: text("server.accounts.sameMobile"),
  weakPassword: text("server.accounts.weakPassword"),
  longPassword: text("server.accounts.longPassword", { max: PASSWORD_MAX_LENGTH }),
  badSmsCode: text("server.accounts.badSmsCode"),
  companyRequired: text("server.accounts.companyRequired"),
  companyTooLong: text("server.accounts.companyTooLong", { max: COMPANY_NAME_MAX }),
  nameRequired: text("server.users.nameRequired"),
  nameTooLong: text("server.users.nameTooLong", { max: NAME_MAX }),
  badEmail: text("server.accounts.badEmail"),
  avatarMissing: text("server.accounts.avatarMissing"),
  avatarNotImage: text("server.accounts.avatarNotImage"),
  wrongOldPassword: text("server.accounts.wrongOldPassword"),
  samePassword: text("server.accounts.samePassword"),
  userMissing: text("server.users.notFound"),
} as const;

const conflict = (message: ServerText) => new AppError(ErrorCode.CONFLICT, message);
const chars = (text: string) => [...text].length;

function checkMobile(mobile: string): void {
  if (!MOBILE_PATTERN.test(mobile)) throw AppError.badRequest(MobileMessages.bad);
}

function checkSmsCode(code: string): void {
  if (!SMS_CODE_PATTERN.test(code)) throw AppError.badRequest(AccountMessages.badSmsCode);
}

function checkPassword(password: string): void {
  if (password.length > PASSWORD_MAX_LENGTH) throw AppError.badRequest(AccountMessages.longPassword);
  if (!isStrongPassword(password)) throw AppError.badRequest(AccountMessages.weakPassword);
}

function cleanName(raw: string): string {
  const name = raw.trim();
  if (!name) throw AppError.badRequest(AccountMessages.nameRequired);
  if (chars(name) > NAME_MAX) throw AppError.badRequest(AccountMessages.nameTooLong);
  return name;
}

export interface AccountDeps extends SessionDeps {
  sms: SmsCodes;
}

export type { Registration };

/**
 * A new member account: enabled, with the member role, linked to its company (found by exact
 * name or created). The SMS code is used up only when the account is created.
 */
export async function register(deps: AccountDeps, input: Registration): Promise<{ id: number }> {
  const { db, dialect, sms } = deps;
  const username = input.username.trim();
  const mobile = input.mobile.trim();
  const companyName = input.companyName.trim();
  if (!USERNAME_PATTERN.test(username)) throw AppError.badRequest(AccountMessages.badUsername);
  checkMobile(mobile);
  checkSmsCode(input.smsCode);
  checkPassword(input.password);
  if (!companyName) throw AppError.badRequest(AccountMessages.companyRequired);
  if (chars(companyName) > COMPANY_NAME_MAX) throw AppError.badRequest(AccountMessages.companyTooLong);
  const name = input.name?.trim() ? cleanName(input.name) : username;

  if (await usernameTaken(db, username)) throw conflict(AccountMessages.usernameTaken);
  if ((await userByMobile(db, mobile)) !== undefined) throw conflict(AccountMessages.mobileTaken);
  const codeId = await sms.check(mobile, "register", input.smsCode);
  const passwordHash = await hashPassword(input.password);

  return db.transaction().execute(async (trx) => {
    await sms.consume(trx, codeId);
    const companyId = await companyIdByName(trx, dialect, companyName);
    const now = toDbTime(dialect, new Date());
    const user = await trx
      .insertInto("users")
      .values({ username, passwordHash, name, mobile, companyId, status: "enabled", createdAt: now, updatedAt: now })
      // Another registration may have taken the name since the check above.
      .onConflict((oc) => oc.column("username").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!user) throw conflict(AccountMessages.usernameTaken);
    const role = await trx.selectFrom("roles").select("id").where("code", "=", RoleCode.MEMBER).executeTakeFirstOrThrow();
    await trx.insertInto("userRoles").values({ userId: user.id, roleId: role.id }).execute();
    return { id: user.id };
  });
}

export type InfoField = "username" | "mobile";

export async function infoExists(deps: SessionDeps, type: InfoField, value: string): Promise<boolean> {
  const text = value.trim();
  return type === "username" ? usernameTaken(deps.db, text) : (await userByMobile(deps.db, text)) !== undefined;
}

/**
 * Password recovery by an SMS code to the account's number. Every session of the account ends,
 * since whoever holds one may be the reason for the reset, and a lockout no longer applies.
 */
export async function resetPassword(
  deps: AccountDeps,
  input: { mobile: string; smsCode: string; password: string },
): Promise<{ id: number; username: string }> {
  const { db, dialect, sms } = deps;
  const mobile = input.mobile.trim();
  checkMobile(mobile);
  checkSmsCode(input.smsCode);
  checkPassword(input.password);
  const user = await userByMobile(db, mobile);
  if (user === undefined) throw AppError.badRequest(MobileMessages.unknown);
  const codeId = await sms.check(mobile, "resetPassword", input.smsCode);
  const passwordHash = await hashPassword(input.password);

  await db.transaction().execute(async (trx) => {
    await sms.consume(trx, codeId);
    await trx
      .updateTable("users")
      .set({ passwordHash, mustChangePassword: 0, failedLoginCount: 0, lockedUntil: null, updatedAt: toDbTime(dialect, new Date()) })
      .where("id", "=", user.id)
      .execute();
  });
  await revokeUserSessions(deps, user.id, "password_changed");
  return user;
}

/** A signed-in user's new password; the user's other sessions end, the current one goes on. */
export async function changePassword(
  deps: SessionDeps,
  caller: { id: number; sessionId: number },
  input: { oldPassword: string; newPassword: string },
): Promise<void> {
  const { db, dialect } = deps;
  checkPassword(input.newPassword);
  const user = await db.selectFrom("users").select("passwordHash").where("id", "=", caller.id).executeTakeFirst();
  if (!user) throw AppError.notFound(AccountMessages.userMissing);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw AppError.badRequest(AccountMessages.wrongOldPassword);
  if (input.oldPassword === input.newPassword) throw AppError.badRequest(AccountMessages.samePassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db
    .updateTable("users")
    .set({ passwordHash, mustChangePassword: 0, updatedAt: toDbTime(dialect, new Date()) })
    .where("id", "=", caller.id)
    .execute();
  await revokeUserSessions(deps, caller.id, "password_changed", { exceptSessionId: caller.sessionId });
}

export interface PersonInfo {
  id: number;
  name: string;
  /** File id of the avatar image; null: the default image. */
  avatar: string | null;
  email: string | null;
  mobile: string | null;
}

/** Fields left out stay as they are; null or an empty text clears the avatar or the email. */
export interface PersonInfoChange {
  name?: string;
  avatar?: string | null;
  email?: string | null;
}

async function personInfo(deps: SessionDeps, userId: number): Promise<PersonInfo> {
  const row = await deps.db
    .selectFrom("users")
    .select(["id", "name", "avatarFileId", "email", "mobile"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(AccountMessages.userMissing);
  return { id: row.id, name: row.name, avatar: row.avatarFileId, email: row.email, mobile: row.mobile };
}

export async function changePersonInfo(deps: SessionDeps, userId: number, change: PersonInfoChange): Promise<PersonInfo> {
  const { db, dialect } = deps;
  const values: { name?: string; avatarFileId?: string | null; email?: string | null } = {};
  if (change.name !== undefined) values.name = cleanName(change.name);
  if (change.avatar !== undefined) {
    const avatar = change.avatar?.trim() || null;
    if (avatar !== null) {
      const file = await db.selectFrom("files").select("mimeType").where("id", "=", avatar).executeTakeFirst();
      if (!file) throw AppError.badRequest(AccountMessages.avatarMissing);
      if (!isInlineImage(file.mimeType)) throw AppError.badRequest(AccountMessages.avatarNotImage);
    }
    values.avatarFileId = avatar;
  }
  if (change.email !== undefined) {
    const email = change.email?.trim() || null;
    if (email !== null && (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email))) throw AppError.badRequest(AccountMessages.badEmail);
    values.email = email;
  }
  if (Object.keys(values).length > 0) {
    await db
      .updateTable("users")
      .set({ ...values, updatedAt: toDbTime(dialect, new Date()) })
      .where("id", "=", userId)
      .execute();
  }
  return personInfo(deps, userId);
}

/** A new mobile number, proved by an SMS code sent to it. */
export async function changeMobile(deps: AccountDeps, userId: number, input: { mobile: string; smsCode: string }): Promise<void> {
  const { db, dialect, sms } = deps;
  const mobile = input.mobile.trim();
  checkMobile(mobile);
  checkSmsCode(input.smsCode);
  const current = await personInfo(deps, userId);
  if (current.mobile === mobile) throw AppError.badRequest(AccountMessages.sameMobile);
  if ((await userByMobile(db, mobile)) !== undefined) throw conflict(AccountMessages.mobileTaken);
  const codeId = await sms.check(mobile, "changeMobile", input.smsCode);
  await db.transaction().execute(async (trx) => {
    await sms.consume(trx, codeId);
    await trx.updateTable("users").set({ mobile, updatedAt: toDbTime(dialect, new Date()) }).where("id", "=", userId).execute();
  });
}
