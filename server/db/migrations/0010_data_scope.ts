import { sql, type Kysely } from "kysely";
import type { Dialect } from "../database";

/**
 * Data scope (issue 11): each role reaches all companies' archives or only its users' own, and a
 * company has owners among the staff. Roles existing before keep what they reached: the
 * administrator all; every other role its own companies, as the seed gives staff.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable("roles")
    .addColumn("data_scope", "text", (c) => c.notNull().defaultTo("own"))
    .execute();
  await sql`update roles set data_scope = 'all' where code = 'admin'`.execute(db);

  await db.schema
    .createTable("company_owners")
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("company_owners_pk", ["company_id", "user_id"])
    .execute();
  await db.schema.createIndex("company_owners_user_idx").on("company_owners").columns(["user_id", "company_id"]).execute();
}
