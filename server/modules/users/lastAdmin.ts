import type { Transaction } from "kysely";
import { ErrorCode } from "../../../contract/envelope";
import { RoleCode } from "../../../contract/menus";
import type { Dialect } from "../../db/database";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import type { ServerText } from "../../i18n";

/**
 * The platform must keep one enabled administrator, or nobody could manage users again. Every
 * change that can take one away (disable, delete, roles) runs in a transaction that first locks
 * the administrator role's row, so that two administrators removing each other at once are
 * decided one after the other; SQLite runs one write transaction at a time anyway.
 */
export async function lockAdministrators(trx: Transaction<Database>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") await trx.selectFrom("roles").select("id").where("code", "=", RoleCode.ADMIN).forUpdate().execute();
}

/** Call after the change, in the same transaction: the change is undone when none would be left. */
export async function requireAnAdministrator(trx: Transaction<Database>, message: ServerText): Promise<void> {
  const left = await trx
    .selectFrom("users")
    .innerJoin("userRoles", "userRoles.userId", "users.id")
    .innerJoin("roles", "roles.id", "userRoles.roleId")
    .select("users.id")
    .where("roles.code", "=", RoleCode.ADMIN)
    .where("users.status", "=", "enabled")
    .where("users.deleted", "=", 0)
    .limit(1)
    .executeTakeFirst();
  if (!left) throw new AppError(ErrorCode.CONFLICT, message);
}
