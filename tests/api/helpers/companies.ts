import { RoleCode } from "../../../contract/menus";
import { toDbTime } from "../../../server/db/time";
import type { App } from "../../../server/types";

/**
 * A company for the archive's tests, owned by every staff user there is when it is made (data scope
 * `own`: a staff member reaches only the companies they own). The data scope's own tests
 * (tests/api/modules/companies/scope.test.ts) give owners themselves.
 */
export async function createCompany(app: App, name: string, fields: { creditCode?: string; address?: string } = {}): Promise<number> {
  const now = toDbTime(app.dialect, new Date());
  const { id } = await app.db
    .insertInto("companies")
    .values({ name, creditCode: fields.creditCode ?? null, address: fields.address ?? null, createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await giveToStaff(app, id);
  return id;
}

/** Makes every current staff user an owner of the company. */
export async function giveToStaff(app: App, compId: number): Promise<void> {
  const staff = await app.db
    .selectFrom("userRoles")
    .innerJoin("roles", "roles.id", "userRoles.roleId")
    .select("userRoles.userId")
    .where("roles.code", "=", RoleCode.STAFF)
    .execute();
  if (staff.length === 0) return;
  await app.db
    .insertInto("companyOwners")
    .values(staff.map(({ userId }) => ({ companyId: compId, userId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
