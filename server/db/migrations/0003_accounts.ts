import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { columnTypes } from "./columns";

/**
 * Chengdu's districts, county-level cities and counties with their administrative division codes;
 * the high-tech zone and Tianfu New Area are functional zones without one, so they carry the
 * platform's own codes (cdgxq as in the registration path /patnavi/ucenter/user/cdgxq/register).
 */
export const CHENGDU_AREAS: readonly { code: string; name: string }[] = [
  { code: "510104", name: "锦江区" },
  { code: "510105", name: "青羊区" },
  { code: "510106", name: "金牛区" },
  { code: "510107", name: "武侯区" },
  { code: "510108", name: "成华区" },
  { code: "510112", name: "龙泉驿区" },
  { code: "510113", name: "青白江区" },
  { code: "510114", name: "新都区" },
  { code: "510115", name: "温江区" },
  { code: "510116", name: "双流区" },
  { code: "510117", name: "郫都区" },
  { code: "510118", name: "新津区" },
  { code: "510185", name: "简阳市" },
  { code: "510181", name: "都江堰市" },
  { code: "510182", name: "彭州市" },
  { code: "510183", name: "邛崃市" },
  { code: "510184", name: "崇州市" },
  { code: "510121", name: "金堂县" },
  { code: "510129", name: "大邑县" },
  { code: "510131", name: "蒲江县" },
  { code: "cdgxq", name: "成都高新区" },
  { code: "tfxq", name: "天府新区" },
];

/**
 * Member accounts: companies and the users' link to one, SMS codes and the outbox of the default
 * SMS adapter, enterprise certifications, and the city's areas.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  await db.schema
    .createTable("companies")
    .addColumn("id", "integer", t.autoId)
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("credit_code", "text", (c) => c.unique())
    .addColumn("district", "text")
    .addColumn("segment", "text")
    .addColumn("address", "text")
    .addColumn("contact_person", "text")
    .addColumn("contact_phone", "text")
    .addColumn("created_at", t.timestamp, t.createdNow)
    .addColumn("updated_at", t.timestamp, t.createdNow)
    .execute();

  await db.schema.alterTable("users").addColumn("email", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("company_id", "integer", (c) => c.references("companies.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("users_company_idx").on("users").column("company_id").execute();

  await db.schema
    .createTable("sms_codes")
    .addColumn("id", "integer", t.autoId)
    .addColumn("mobile", "text", (c) => c.notNull())
    .addColumn("scene", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("used_at", t.timestamp)
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, t.createdNow)
    .execute();
  // Both the rate limits (codes per number lately) and verification (latest code) read by number and time.
  await db.schema.createIndex("sms_codes_mobile_idx").on("sms_codes").columns(["mobile", "created_at"]).execute();

  await db.schema
    .createTable("sms_outbox")
    .addColumn("id", "integer", t.autoId)
    .addColumn("mobile", "text", (c) => c.notNull())
    .addColumn("scene", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, t.createdNow)
    .execute();
  await db.schema.createIndex("sms_outbox_mobile_idx").on("sms_outbox").columns(["mobile", "created_at"]).execute();

  await db.schema
    .createTable("certifications")
    .addColumn("id", "integer", t.autoId)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("company_name", "text", (c) => c.notNull())
    .addColumn("credit_code", "text", (c) => c.notNull())
    .addColumn("contact_person", "text", (c) => c.notNull())
    .addColumn("contact_phone", "text", (c) => c.notNull())
    .addColumn("license_file_id", "text", (c) => c.notNull().references("files.id"))
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("reject_reason", "text")
    .addColumn("reviewed_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("reviewed_at", t.timestamp)
    .addColumn("created_at", t.timestamp, t.createdNow)
    .addColumn("updated_at", t.timestamp, t.createdNow)
    .execute();
  await db.schema.createIndex("certifications_user_idx").on("certifications").column("user_id").execute();
  await db.schema.createIndex("certifications_state_idx").on("certifications").columns(["state", "created_at"]).execute();

  // Seeded here, once: later changes are made in the table (or replaced by CITY_AREAS), not in code.
  await db.schema
    .createTable("areas")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await (db as Kysely<{ areas: { code: string; name: string; sort: number } }>)
    .insertInto("areas")
    .values(CHENGDU_AREAS.map((area, index) => ({ ...area, sort: (index + 1) * 10 })))
    .execute();
}
