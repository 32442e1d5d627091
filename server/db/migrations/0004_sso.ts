import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { columnTypes } from "./columns";

/**
 * Single sign-on: the provider's subject on users (how a returning SSO user is found), and the
 * state of the built-in development provider, kept in the database so that every server process
 * and every restart signs with the same key and sees the same sessions and codes.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  await db.schema.alterTable("users").addColumn("oidc_subject", "text").execute();
  // Both engines allow any number of nulls in a unique index: only linked users take part.
  await db.schema.createIndex("users_oidc_subject_idx").on("users").column("oidc_subject").unique().execute();

  // name: "signing" (the private JWK as JSON) or "cookies" (the secret the provider's cookies are signed with).
  await db.schema
    .createTable("sso_keys")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, t.createdNow)
    .execute();

  // One row per oidc-provider model instance (session, interaction, code, token, grant, ...).
  await db.schema
    .createTable("oidc_payloads")
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("grant_id", "text")
    .addColumn("user_code", "text")
    .addColumn("uid", "text")
    .addColumn("expires_at", t.timestamp)
    .addColumn("consumed_at", t.timestamp)
    .addPrimaryKeyConstraint("oidc_payloads_pk", ["model", "id"])
    .execute();
  await db.schema.createIndex("oidc_payloads_grant_idx").on("oidc_payloads").column("grant_id").execute();
  await db.schema.createIndex("oidc_payloads_uid_idx").on("oidc_payloads").columns(["model", "uid"]).execute();
  await db.schema.createIndex("oidc_payloads_user_code_idx").on("oidc_payloads").columns(["model", "user_code"]).execute();
  await db.schema.createIndex("oidc_payloads_expires_idx").on("oidc_payloads").column("expires_at").execute();

  await db.schema
    .createTable("idp_accounts")
    .addColumn("sub", "text", (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("phone_number", "text")
    .addColumn("phone_verified", "integer", t.flag(0))
    .addColumn("created_at", t.timestamp, t.createdNow)
    .execute();
}
