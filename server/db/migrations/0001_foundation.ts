import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { columnTypes } from "./columns";

/** Roles and menus (permissions), users, and uploaded files. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  await db.schema
    .createTable("roles")
    .addColumn("id", "integer", t.autoId)
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("builtin", "integer", t.flag(0))
    .addColumn("created_at", t.timestamp, t.createdNow)
    .execute();

  await db.schema
    .createTable("menus")
    .addColumn("id", "integer", t.autoId)
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("parent_code", "text")
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("path", "text")
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("role_menus")
    .addColumn("role_id", "integer", (c) => c.notNull().references("roles.id").onDelete("cascade"))
    .addColumn("menu_id", "integer", (c) => c.notNull().references("menus.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("role_menus_pk", ["role_id", "menu_id"])
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "integer", t.autoId)
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("mobile", "text")
    .addColumn("avatar_file_id", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("enabled"))
    .addColumn("must_change_password", "integer", t.flag(0))
    .addColumn("deleted", "integer", t.flag(0))
    .addColumn("created_at", t.timestamp, t.createdNow)
    .addColumn("updated_at", t.timestamp, t.createdNow)
    .execute();
  await db.schema.createIndex("users_mobile_idx").on("users").column("mobile").execute();
  await db.schema.createIndex("users_created_at_idx").on("users").column("created_at").execute();

  await db.schema
    .createTable("user_roles")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role_id", "integer", (c) => c.notNull().references("roles.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("user_roles_pk", ["user_id", "role_id"])
    .execute();
  await db.schema.createIndex("user_roles_role_idx").on("user_roles").column("role_id").execute();

  await db.schema
    .createTable("files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("storage_name", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, t.createdNow)
    .execute();
}
