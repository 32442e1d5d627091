import type { ColumnType, Generated, Selectable } from "kysely";
import type { CertificationState, SmsScene } from "../../contract/account";
import type { ServiceRecordFields } from "../../contract/schemas/serviceRecord";
import type { DataScope } from "../../contract/menus";

/**
 * The tables as code sees them: camelCase names, which the CamelCasePlugin maps to the
 * snake_case columns the migrations create.
 */

/** SQLite hands back ISO text, PostgreSQL a Date; server/db/time.ts turns either into a Date. */
export type DbTime = Date | string;
/** Written through toDbTime(); the database fills it in when left out. */
export type Timestamp = ColumnType<DbTime, DbTime | undefined, DbTime>;
/** Booleans are 0/1 integers on both engines. */
export type Flag = ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;

export type UserStatus = "enabled" | "disabled";

export interface RolesTable {
  id: Generated<number>;
  code: string;
  name: string;
  builtin: Flag;
  /** contract/menus.ts DataScope. */
  dataScope: ColumnType<DataScope, DataScope | undefined, DataScope>;
  createdAt: Timestamp;
}

export interface MenusTable {
  id: Generated<number>;
  code: string;
  name: string;
  parentCode: string | null;
  type: "menu" | "button";
  path: string | null;
  sort: number;
}

export interface RoleMenusTable {
  roleId: number;
  menuId: number;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  passwordHash: string;
  name: string;
  mobile: string | null;
  avatarFileId: string | null;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  mustChangePassword: Flag;
  deleted: Flag;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Wrong passwords in a row; LOCKOUT_THRESHOLD of them lock the account until lockedUntil. */
  failedLoginCount: ColumnType<number, number | undefined, number>;
  lockedUntil: DbTime | null;
  email: string | null;
  companyId: number | null;
  /** The single sign-on provider's `sub` for this user, once linked. */
  oidcSubject: string | null;
  /** The mobile number a deleted account gave up (mobile is then null, free for another). */
  deletedMobile: ColumnType<string | null, string | null | undefined, string | null>;
  deletedAt: ColumnType<DbTime | null, DbTime | null | undefined, DbTime | null>;
}

export interface UserRolesTable {
  userId: number;
  roleId: number;
}

export interface FilesTable {
  /** 32 random hex characters: the id in download addresses, so it must not be guessable. */
  id: string;
  originalName: string;
  mimeType: string;
  size: number;
  sha256: string;
  /** Path of the stored bytes relative to the upload directory. */
  storageName: string;
  createdBy: number | null;
  createdAt: Timestamp;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  /** Unified social credit code; known once a certification of the company is approved. */
  creditCode: string | null;
  district: string | null;
  segment: string | null;
  address: string | null;
  contactPerson: string | null;
  contactPhone: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A knock-door visit record (migration 0006); value sets as codes (contract/valueSets.ts). */
/** The record's fields as contract/schemas/serviceRecord.ts defines them, its times as stored. */
export interface ServiceRecordsTable extends Omit<ServiceRecordFields, "serviceTime" | "nextFollowTime"> {
  id: Generated<number>;
  serviceTime: DbTime;
  nextFollowTime: DbTime | null;
  createBy: number;
  createDate: Timestamp;
  updateBy: number;
  updateDate: Timestamp;
  /** Raised by every edit (migration 0015); a save based on another version is refused. */
  version: ColumnType<number, number | undefined, number>;
  /** Set when the record is voided: it stays, marked, and no longer counts as a visit. */
  voidedAt: DbTime | null;
  voidedBy: number | null;
  voidReason: string | null;
}

/** One changed field of a record edit, or a voiding (field "voided", after = the reason); migration 0015. */
export interface RecordHistoryTable {
  id: Generated<number>;
  recordId: number;
  compId: number;
  /** The record's version this change produced. */
  version: number;
  field: string;
  beforeValue: string | null;
  afterValue: string | null;
  editedBy: number;
  editedAt: Timestamp;
}

export interface SmsCodesTable {
  id: Generated<number>;
  mobile: string;
  scene: SmsScene;
  /** sha256 of mobile, scene and code: the code itself is only in the message sent. */
  codeHash: string;
  expiresAt: DbTime;
  usedAt: DbTime | null;
  /** Wrong codes tried against this one; it dies at SMS_MAX_ATTEMPTS. */
  attempts: ColumnType<number, number | undefined, number>;
  createdAt: Timestamp;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  mobile: string;
  scene: SmsScene;
  content: string;
  createdAt: Timestamp;
}

export interface CertificationsTable {
  id: Generated<number>;
  userId: number;
  companyName: string;
  creditCode: string;
  contactPerson: string;
  contactPhone: string;
  licenseFileId: string;
  state: CertificationState;
  rejectReason: string | null;
  reviewedBy: number | null;
  reviewedAt: DbTime | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AreasTable {
  code: string;
  name: string;
  sort: number;
}

export type RevokeReason = "logout" | "refresh_reuse" | "admin" | "disabled" | "password_changed";

/** One sign-in: the chain of refresh tokens it issues, and their access tokens, live and die together. */
export interface AuthSessionsTable {
  id: Generated<number>;
  userId: number;
  clientId: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  revokedAt: DbTime | null;
  revokeReason: RevokeReason | null;
}

/** Tokens are kept as their SHA-256 only (server/modules/auth/tokens.ts). */
export interface AccessTokensTable {
  tokenHash: string;
  sessionId: number;
  expiresAt: DbTime;
}

export interface RefreshTokensTable {
  tokenHash: string;
  sessionId: number;
  expiresAt: DbTime;
  /** Set when it was exchanged; presenting it again revokes its session. */
  usedAt: DbTime | null;
}

export interface CaptchasTable {
  /** The vid the app sends back with the typed code. */
  id: string;
  answerHash: string;
  expiresAt: DbTime;
  usedAt: DbTime | null;
}

/** 1 = sign-in and sign-out, 2 = any other operation. */
export type LogType = 1 | 2;

export interface OperationLogsTable {
  id: Generated<number>;
  logAction: string;
  remoteAddr: string | null;
  logType: LogType;
  /** 1 = the operation failed. */
  exceptionType: Flag;
  userId: number | null;
  userName: string | null;
  method: string | null;
  path: string | null;
  /** The request parameters as JSON, secrets masked, at most 2000 characters. */
  params: string | null;
  durationMs: number | null;
  errorMessage: string | null;
  createdAt: Timestamp;
}

/** Secrets of the built-in development OpenID provider (server/modules/sso/keys.ts). */
export interface SsoKeysTable {
  name: "signing" | "cookies";
  value: string;
  createdAt: Timestamp;
}

/** The development provider's sessions, interactions, codes, tokens and grants (server/modules/sso/adapter.ts). */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  /** The model's payload as JSON. */
  payload: string;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: DbTime | null;
  consumedAt: DbTime | null;
}

/** The development provider's own accounts: who can sign in at /idp. */
export interface IdpAccountsTable {
  sub: string;
  username: string;
  passwordHash: string;
  name: string;
  phoneNumber: string | null;
  phoneVerified: Flag;
  createdAt: Timestamp;
}

/** A questionnaire tab of the service archive; serviceNo is its stable code ("ip", "basic", ...). */
export interface ServiceDimensionsTable {
  serviceNo: string;
  serviceName: string;
  /** The IP-management dimension, whose tab shows a red asterisk. */
  isIp: Flag;
  sort: number;
}

export interface ServiceQuestionsTable {
  questionNo: string;
  serviceNo: string;
  question: string;
  isReq: Flag;
  sort: number;
  createBy: number | null;
  createDate: Timestamp;
}

/** A company's current answer; version counts its saves, so a save based on an older one is refused. */
export interface ServiceAnswersTable {
  compId: number;
  questionNo: string;
  currentAnswer: string;
  version: number;
  updateBy: number | null;
  updateDate: Timestamp;
}

/** One saved change of an answer: before ('' when there was none) and after. */
export interface AnswerHistoryTable {
  id: Generated<number>;
  compId: number;
  questionNo: string;
  historyAnswer: string;
  currentAnswer: string;
  createBy: number | null;
  createDate: Timestamp;
}

/** An export slot taken (server/plugins/exportSlots.ts). */
export interface ExportSlotsTable {
  /** The limit and the slot's number: "all:3", "user:42:1". */
  key: string;
  /** The request that runs an export in this slot. */
  holder: string;
  /** Until when the slot is taken unless its process renews it. */
  expiresAt: DbTime;
}

/** A rate limit's count of requests from one client address in the current window. */
export interface RateLimitCountersTable {
  /** The limit's name and the client's address. */
  key: string;
  hits: number;
  /** When the window ends and the count starts again. */
  resetAt: DbTime;
}

/** An id token exchanged through the vcpwd grant, kept until it expires so it signs in once. */
export interface UsedIdTokensTable {
  /** SHA-256 of the token, hex. */
  tokenHash: string;
  expiresAt: DbTime;
}

/**
 * Every table by its camelCase name. A module adds its own table here from its own file, by
 * declaration merging, instead of editing this one; a conventional resource's row type follows
 * from its record (server/modules/conventionalResource.ts):
 *
 *     declare module "../../db/schema" {
 *       interface Database {
 *         widgets: ConventionalTable<typeof Widget>;
 *       }
 *     }
 */
export interface Database {
  roles: RolesTable;
  menus: MenusTable;
  roleMenus: RoleMenusTable;
  users: UsersTable;
  userRoles: UserRolesTable;
  files: FilesTable;
  authSessions: AuthSessionsTable;
  accessTokens: AccessTokensTable;
  refreshTokens: RefreshTokensTable;
  captchas: CaptchasTable;
  operationLogs: OperationLogsTable;
  companies: CompaniesTable;
  serviceRecords: ServiceRecordsTable;
  smsCodes: SmsCodesTable;
  smsOutbox: SmsOutboxTable;
  certifications: CertificationsTable;
  areas: AreasTable;
  ssoKeys: SsoKeysTable;
  oidcPayloads: OidcPayloadsTable;
  idpAccounts: IdpAccountsTable;
  serviceDimensions: ServiceDimensionsTable;
  serviceQuestions: ServiceQuestionsTable;
  serviceAnswers: ServiceAnswersTable;
  answerHistory: AnswerHistoryTable;
  rateLimitCounters: RateLimitCountersTable;
  exportSlots: ExportSlotsTable;
  usedIdTokens: UsedIdTokensTable;
  companyOwners: CompanyOwnersTable;
  serviceRecordResearchers: ServiceRecordResearchersTable;
  recordHistory: RecordHistoryTable;
}

/** The users among a visit record's researchers (migration 0011), in the order they were picked. */
export interface ServiceRecordResearchersTable {
  recordId: number;
  userId: number;
  position: ColumnType<number, number | undefined, number>;
}

/** The staff users a company's archive belongs to (data scope `own`). */
export interface CompanyOwnersTable {
  companyId: number;
  userId: number;
}

export type FileRow = Selectable<FilesTable>;
export type CertificationRow = Selectable<CertificationsTable>;

/** A patent (migration 0017); lists as JSON text, dates as YYYY-MM-DD text ('' when unknown). */
export interface PatentsTable {
  id: Generated<number>;
  publicationNumber: string;
  applicationNumber: string | null;
  applicationKey: string | null;
  applyDate: string;
  applyYear: number | null;
  publicationDate: string;
  grantDate: string;
  grantYear: number | null;
  title: string;
  abstract: string | null;
  applicants: string;
  applicantAddress: string | null;
  province: string | null;
  city: string | null;
  district: string | null;
  creditCode: string | null;
  inventors: string;
  ipc: string;
  mainIpc: string | null;
  cpc: string;
  patentType: string;
  legalStatus: string;
  priorityNumbers: string;
  family: string;
  citedBy: number | null;
  jurisdiction: string | null;
  segments: string;
  importedAt: Timestamp;
  updatedAt: Timestamp;
}

/** What a search sorts and counts by, apart from the wide row (migrations 0017 and 0021). */
export interface PatentFactsTable {
  /** SQLite only: fullTextKey (server/modules/patents/search/fullText.ts), the rowid, so that the rows lie in the full-text index's order (migration 0022). */
  fullTextKey?: bigint;
  patentId: number;
  applyDate: string;
  publicationDate: string;
  /** The codes of the patent's facet values (server/modules/patents/search/values.ts): integer[] on PostgreSQL, space-separated text on SQLite. */
  facetCodes: string | number[];
}

export interface PatentApplicantsTable {
  patentId: number;
  position: number;
  name: string;
  normalisedName: string;
}

export interface PatentIpcTable {
  patentId: number;
  code: string;
}

/** Every value a patent is filtered and counted by, with the number of patents that have it (migration 0021). */
export interface PatentFacetValuesTable {
  id: Generated<number>;
  facet: string;
  value: string;
  /** An applicant's name as shown: the least of the ways its patents write it. */
  shown: string | null;
  patents: number;
}

/**
 * On PostgreSQL, the changes to the counts an import's transaction makes, added to
 * patent_facet_values.patents at its commit by a deferred trigger (migration 0021).
 */
export interface PatentFacetDeltasTable {
  /** The writing transaction (pg_current_xact_id()). */
  xact: Generated<string>;
  valueId: number;
  delta: number;
}

/** One row: the generation of the patents, moved on by every write, so that a search's cache knows it is stale. */
export interface PatentSearchStateTable {
  id: number;
  generation: number;
}

export type PatentImportState = "running" | "done" | "failed";

export interface PatentImportJobsTable {
  id: Generated<number>;
  state: PatentImportState;
  fileId: string;
  mapping: string | null;
  createdBy: number;
  createdAt: Timestamp;
  heartbeatAt: Timestamp;
  finishedAt: DbTime | null;
  processed: ColumnType<number, number | undefined, number>;
  total: ColumnType<number, number | undefined, number>;
  imported: ColumnType<number, number | undefined, number>;
  updated: ColumnType<number, number | undefined, number>;
  skipped: ColumnType<number, number | undefined, number>;
  errors: ColumnType<string, string | undefined, string>;
  errorCount: ColumnType<number, number | undefined, number>;
  /** Patents written so far; null in the rows of jobs that read their file before writing (migration 0024), read as 0. */
  written: ColumnType<number | null, number | null | undefined, number | null>;
  /** The catalog key of why the job failed. */
  failure: string | null;
}

export interface PatentImportRowsTable {
  jobId: number;
  seq: number;
  record: string;
}

export interface PatentMappingPresetsTable {
  id: Generated<number>;
  name: string;
  mapping: string;
  createdBy: number;
  updatedAt: Timestamp;
}

/** Issue 12's tables (migrations 0017 and 0021); the SQLite FTS5 table and PostgreSQL's tsvector are reached through sql``. */
export interface Database {
  patents: PatentsTable;
  patentFacts: PatentFactsTable;
  patentApplicants: PatentApplicantsTable;
  patentIpc: PatentIpcTable;
  patentFacetValues: PatentFacetValuesTable;
  patentFacetDeltas: PatentFacetDeltasTable;
  patentSearchState: PatentSearchStateTable;
  patentImportJobs: PatentImportJobsTable;
  patentImportRows: PatentImportRowsTable;
  patentMappingPresets: PatentMappingPresetsTable;
}
