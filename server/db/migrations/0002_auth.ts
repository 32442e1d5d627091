import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { columnTypes } from "./columns";

/**
 * Sign-in: sessions with their access and refresh tokens (SHA-256 hashes only), captchas (in the
 * database so every server process behind a load balancer can check any of them), the lockout
 * counters on users, and the operation log that sign-ins, sign-outs and later every change write.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable("users").addColumn("failed_login_count", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("users").addColumn("locked_until", t.timestamp).execute();

  await db.schema
    .createTable("auth_sessions")
    .addColumn("id", "integer", t.autoId)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", t.timestamp, t.createdNow)
    .addColumn("last_seen_at", t.timestamp, t.createdNow)
    .addColumn("revoked_at", t.timestamp)
    .addColumn("revoke_reason", "text")
    .execute();
  await db.schema.createIndex("auth_sessions_user_idx").on("auth_sessions").column("user_id").execute();

  for (const table of ["access_tokens", "refresh_tokens"]) {
    let create = db.schema
      .createTable(table)
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("session_id", "integer", (c) => c.notNull().references("auth_sessions.id").onDelete("cascade"))
      .addColumn("expires_at", t.timestamp, (c) => c.notNull());
    if (table === "refresh_tokens") create = create.addColumn("used_at", t.timestamp);
    await create.execute();
    await db.schema.createIndex(`${table}_session_idx`).on(table).column("session_id").execute();
    await db.schema.createIndex(`${table}_expires_idx`).on(table).column("expires_at").execute();
  }

  await db.schema
    .createTable("captchas")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("answer_hash", "text", (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("used_at", t.timestamp)
    .execute();
  await db.schema.createIndex("captchas_expires_idx").on("captchas").column("expires_at").execute();

  await db.schema
    .createTable("operation_logs")
    .addColumn("id", "integer", t.autoId)
    .addColumn("log_action", "text", (c) => c.notNull())
    .addColumn("remote_addr", "text")
    .addColumn("log_type", "integer", (c) => c.notNull())
    .addColumn("exception_type", "integer", t.flag(0))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("user_name", "text")
    .addColumn("method", "text")
    .addColumn("path", "text")
    .addColumn("params", "text")
    .addColumn("duration_ms", "integer")
    .addColumn("error_message", "text")
    .addColumn("created_at", t.timestamp, t.createdNow)
    .execute();
  await db.schema.createIndex("operation_logs_created_at_idx").on("operation_logs").column("created_at").execute();
  await db.schema.createIndex("operation_logs_user_idx").on("operation_logs").column("user_id").execute();
}
