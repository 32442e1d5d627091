import SqliteDatabase from "better-sqlite3";
import pg from "pg";
import type { DatabaseConfig } from "../../server/config";
import { openDatabase, type DatabaseHandle } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { seed, ADMIN_USERNAME } from "../../server/db/seed";
import { toDbTime } from "../../server/db/time";
import { createLogger } from "../../server/logger";
import { generatePassword, hashPassword } from "../../server/security/password";
import { RoleCode } from "../../contract/menus";
import { DEFAULT_TIME_ZONE } from "../../contract/dateTime";
import { VisitCounts } from "../../server/modules/statistics/counts";
import { generateCompanies, generateRecords, recordCounts, type DatasetSize, type RecordRow } from "./dataset";

/** Staff who write the visit records, besides the administrator. */
const STAFF_NAMES = ["张晓峰", "李梦瑶", "王建军", "赵雪梅", "陈思远", "刘海燕"];
const BATCH = 10_000;

export interface PreparedDatabase {
  /** Database id of the company with exactly `exportRecords` records. */
  exportCompanyId: number;
  /** Every company id with its record count, for the load to pick from. */
  companies: { id: number; records: number }[];
  generationMs: number;
}

/** The schema and the seed through the server's own code, then staff users and companies. */
async function schemaAndCompanies(database: DatabaseHandle, size: DatasetSize, adminPassword: string) {
  const log = createLogger({ logLevel: "warn" });
  await migrateToLatest(database, log);
  await seed(database, { adminPassword }, log);
  const { db, dialect } = database;
  const now = toDbTime(dialect, new Date());

  // Nobody signs in as them: they only author records.
  const passwordHash = await hashPassword(generatePassword());
  const staffRole = await db.selectFrom("roles").select("id").where("code", "=", RoleCode.STAFF).executeTakeFirstOrThrow();
  const staff = await db
    .insertInto("users")
    .values(STAFF_NAMES.map((name, i) => ({ username: `bench_staff${i + 1}`, passwordHash, name, status: "enabled" as const, createdAt: now, updatedAt: now })))
    .returning("id")
    .execute();
  await db
    .insertInto("userRoles")
    .values(staff.map((s) => ({ userId: s.id, roleId: staffRole.id })))
    .execute();
  const admin = await db.selectFrom("users").select("id").where("username", "=", ADMIN_USERNAME).executeTakeFirstOrThrow();
  const creators = [admin.id, ...staff.map((s) => s.id)];

  const companies = generateCompanies(size.companies);
  const idByCode = new Map<string, number>();
  // 9 columns a row: well under either engine's limit of bound parameters per statement.
  for (let at = 0; at < companies.length; at += 1000) {
    const rows = await db
      .insertInto("companies")
      .values(companies.slice(at, at + 1000).map((c) => ({ ...c, createdAt: now, updatedAt: now })))
      .returning(["id", "creditCode"])
      .execute();
    for (const row of rows) idByCode.set(row.creditCode!, row.id);
  }
  const companyIds = companies.map((c) => idByCode.get(c.creditCode)!);
  return { creators, companyIds };
}

/** Opens the database through the server's own code just long enough for schemaAndCompanies. */
async function withSchemaAndCompanies(config: { database: DatabaseConfig }, size: DatasetSize, adminPassword: string) {
  const database = await openDatabase(config, createLogger({ logLevel: "warn" }));
  try {
    return await schemaAndCompanies(database, size, adminPassword);
  } finally {
    await database.close();
  }
}

/**
 * The records' researchers as users (service_record_researchers): each company is visited by two
 * of the staff, every record links the first of them, one in three both, one in twenty nobody (a
 * researcher from outside the association). Run on the loading connection: no statement timeout.
 */
function linkResearchers(creators: number[]): string {
  const staff = creators.map((id, n) => `(${n}, ${id})`).join(", ");
  return `with staff (n, user_id) as (values ${staff})
    insert into service_record_researchers (record_id, user_id, position)
    select r.id, s.user_id, p.position from service_records r
      cross join (select 0 as position union all select 1) p
      join staff s on s.n = (r.comp_id + p.position) % ${creators.length}
    where r.id % 20 <> 7 and (p.position = 0 or r.id % 3 = 0)`;
}

/** The statistics' counts per company and month, as the first statistics call would make them, so the loads time the calls and not the counting. */
async function countVisits(config: { database: DatabaseConfig }): Promise<void> {
  const database = await openDatabase(config, createLogger({ logLevel: "warn" }));
  try {
    await new VisitCounts({ db: database.db, dialect: database.dialect, timeZone: process.env.TZ ?? DEFAULT_TIME_ZONE }).refresh();
  } finally {
    await database.close();
  }
}

function result(companyIds: number[], size: DatasetSize, started: number): PreparedDatabase {
  const counts = recordCounts(size);
  return {
    exportCompanyId: companyIds[0],
    companies: companyIds.map((id, i) => ({ id, records: counts[i] })),
    generationMs: performance.now() - started,
  };
}

/** A fresh SQLite file: the records through one prepared statement, a transaction per batch. */
export async function prepareSqlite(file: string, size: DatasetSize, adminPassword: string): Promise<PreparedDatabase> {
  const started = performance.now();
  const config: { database: DatabaseConfig } = { database: { kind: "sqlite", file } };
  const { creators, companyIds } = await withSchemaAndCompanies(config, size, adminPassword);

  const sqlite = new SqliteDatabase(file);
  try {
    // Loading only: a crash would just mean generating again.
    sqlite.pragma("synchronous = OFF");
    const insert = sqlite.prepare(
      `insert into service_records (comp_id, researchers, contact_person, contact_person_phone, contact_person_position,
         cooperative_partner, belong_customer, business_opportunity, comprehensive_evaluation, is_open_patnavi, main_business,
         service_content, service_time, next_follow_time, create_by, create_date, update_by, update_date)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertAll = sqlite.transaction((rows: RecordRow[]) => {
      for (const r of rows) {
        const time = r.serviceTime.toISOString();
        const creator = creators[r.creator];
        insert.run(
          companyIds[r.company - 1],
          r.researchers,
          r.contactPerson,
          r.contactPersonPhone,
          r.contactPersonPosition,
          r.cooperativePartner,
          r.belongCustomer,
          r.businessOpportunity,
          r.comprehensiveEvaluation,
          r.isOpenPatnavi,
          r.mainBusiness,
          r.serviceContent,
          time,
          r.nextFollowTime?.toISOString() ?? null,
          creator,
          time,
          creator,
          time,
        );
      }
    });
    for (const rows of generateRecords(size, creators.length, BATCH)) insertAll(rows);
    sqlite.exec(linkResearchers(creators));
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    sqlite.close();
  }
  await countVisits(config);
  return result(companyIds, size, started);
}

/**
 * A fresh PostgreSQL database: the records as multi-row inserts of column arrays (unnest), one
 * statement per batch, then VACUUM ANALYZE as autovacuum would soon do on its own (statistics,
 * and the visibility map that lets counts read the index alone), before and after the counting.
 */
export async function preparePostgres(url: string, size: DatasetSize, adminPassword: string): Promise<PreparedDatabase> {
  const started = performance.now();
  const parsed = new URL(url);
  const config: { database: DatabaseConfig } = {
    database: { kind: "postgres", url, display: `postgres://${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}` },
  };
  const { creators, companyIds } = await withSchemaAndCompanies(config, size, adminPassword);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("set synchronous_commit = off");
    const write = async (rows: RecordRow[]) => {
      const column = <T>(value: (r: RecordRow) => T) => rows.map(value);
      const times = column((r) => r.serviceTime.toISOString());
      const creator = column((r) => creators[r.creator]);
      await client.query(
        `insert into service_records (comp_id, researchers, contact_person, contact_person_phone, contact_person_position,
           cooperative_partner, belong_customer, business_opportunity, comprehensive_evaluation, is_open_patnavi, main_business,
           service_content, service_time, next_follow_time, create_by, create_date, update_by, update_date)
         select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
           $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[], $14::timestamptz[], $15::int[], $13::timestamptz[],
           $15::int[], $13::timestamptz[])`,
        [
          column((r) => companyIds[r.company - 1]),
          column((r) => r.researchers),
          column((r) => r.contactPerson),
          column((r) => r.contactPersonPhone),
          column((r) => r.contactPersonPosition),
          column((r) => r.cooperativePartner),
          column((r) => r.belongCustomer),
          column((r) => r.businessOpportunity),
          column((r) => r.comprehensiveEvaluation),
          column((r) => r.isOpenPatnavi),
          column((r) => r.mainBusiness),
          column((r) => r.serviceContent),
          times,
          column((r) => r.nextFollowTime?.toISOString() ?? null),
          creator,
        ],
      );
    };
    for (const rows of generateRecords(size, creators.length, BATCH)) await write(rows);
    await client.query(linkResearchers(creators));
    await client.query("vacuum analyze");
    await countVisits(config);
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
  return result(companyIds, size, started);
}
