/**
 * A patent as the platform keeps it (issue 12), whatever export it came from: the import's
 * readers (Patsnap, incoPat, Lens, CNIPA TRS, generic) all produce this shape, the store keeps it,
 * search answers from it.
 */
import type { CompanySegment } from "../companies";

/** 专利类型, as codes: 发明, 实用新型, 外观设计, anything else. */
export const PATENT_TYPES = ["invention", "utility", "design", "other"] as const;
export type PatentType = (typeof PATENT_TYPES)[number];

/** 法律状态, folded to four: 有效 (granted and in force), 审中, 失效, 未确认. */
export const LEGAL_STATUSES = ["valid", "pending", "invalid", "unknown"] as const;
export type LegalStatus = (typeof LEGAL_STATUSES)[number];

export interface PatentRecord {
  /** The key of a re-import: upper-case, no spaces, separators or dots (CN 115 000 001 A -> CN115000001A). */
  publicationNumber: string;
  applicationNumber: string | null;
  /** Dates as YYYY-MM-DD. */
  applyDate: string | null;
  publicationDate: string | null;
  grantDate: string | null;
  title: string;
  abstract: string | null;
  /** As written, in order; the first is the first applicant. */
  applicants: string[];
  applicantAddress: string | null;
  province: string | null;
  city: string | null;
  district: string | null;
  /** 统一社会信用代码 of the (first) applicant when the export gives one. */
  creditCode: string | null;
  inventors: string[];
  /** IPC codes as written by the export, normalised to "H01L21/02" (no spaces). */
  ipc: string[];
  mainIpc: string | null;
  cpc: string[];
  patentType: PatentType;
  legalStatus: LegalStatus;
  priorityNumbers: string[];
  family: string[];
  citedBy: number | null;
  /** Country or office code (CN, US, WO…), from the number when the export gives none. */
  jurisdiction: string | null;
  /** Segments of the industry chain its IPC/CPC codes fall in (contract/patents/segments.ts). */
  segments: CompanySegment[];
}

/** Why a line of an export could not be read; worded by the i18n catalogs (patents.rowProblems.*), on both halves. */
export const PATENT_ROW_PROBLEMS = ["noPublicationNumber", "noTitle", "badDate", "badNumber", "tooLong", "badRecord"] as const;
export type PatentRowProblem = (typeof PATENT_ROW_PROBLEMS)[number];

/** One row of an export as read: a patent, or why that line could not be read (field: the header it concerns). */
export type ReadRow = { line: number; record: PatentRecord } | { line: number; problem: PatentRowProblem; field?: string };
