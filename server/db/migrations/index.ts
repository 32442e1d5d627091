import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database";
import * as foundation from "./0001_foundation";
import * as auth from "./0002_auth";
import * as accounts from "./0003_accounts";
import * as sso from "./0004_sso";
import * as admin from "./0005_admin";
import * as serviceRecords from "./0006_service_records";
import * as questionnaires from "./0007_questionnaires";
import * as archiveIndexes from "./0008_archive_indexes";
import * as abuseLimits from "./0009_abuse_limits";

interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/**
 * Every migration, in order. Names sort in the order they must run; a later issue adds its own
 * `NNNN_name.ts` here and never edits one that has shipped. Kept in code (not read from a folder)
 * so the list is the same under tsx, a bundle or a test runner.
 */
const MIGRATIONS: Record<string, DialectMigration> = {
  "0001_foundation": foundation,
  "0002_auth": auth,
  "0003_accounts": accounts,
  "0004_sso": sso,
  "0005_admin": admin,
  "0006_service_records": serviceRecords,
  "0007_questionnaires": questionnaires,
  "0008_archive_indexes": archiveIndexes,
  "0009_abuse_limits": abuseLimits,
};

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, migration]) => [name, { up: (db: Kysely<unknown>) => migration.up(db, dialect) }]),
  );
}
