/**
 * How the words and numbers of the exports become the platform's values (issue 12): the
 * publication number a re-import is keyed on, company names as matched to member companies, dates,
 * patent types, legal statuses and jurisdictions, whichever source wrote them.
 */
import type { LegalStatus, PatentType } from "./record";

/** Longer than any office's publication number with its kind code (WO2023123456A1 is 14). */
const PUBLICATION_NUMBER_MAX = 32;

/**
 * The publication number as the key of a re-import: NFKC, upper case, letters and digits only, so
 * "CN 115 000 001 A", "cn115000001a" and "CN-115000001-A" are one patent. Null when nothing
 * number-like is left.
 */
export function normalisePublicationNumber(raw: string): string | null {
  const text = raw.normalize("NFKC").toUpperCase().replace(/[^A-Z0-9]/gu, "");
  return /\d/u.test(text) && text.length <= PUBLICATION_NUMBER_MAX ? text : null;
}

/** An application number as written, without spaces and in upper case; CNIPA's check digit keeps its dot (CN202310000001.X). */
export function normaliseApplicationNumber(raw: string): string | null {
  const text = raw.normalize("NFKC").toUpperCase().replace(/\s+/gu, "");
  return text === "" ? null : text;
}

/** The office that published the number (CN, US, WO, EP…): its leading two letters. */
export function jurisdictionOf(publicationNumber: string): string | null {
  return /^([A-Z]{2})\d/u.exec(publicationNumber)?.[1] ?? null;
}

/** The kind code closing a normalised publication number (A, B, U, S, A1, B2…). */
export function kindOf(publicationNumber: string): string | null {
  return /^[A-Z]{2}\d+([A-Z]\d?)$/u.exec(publicationNumber)?.[1] ?? null;
}

/**
 * The type a kind code means. CNIPA: A/B/C inventions, U/Y utility models, S/D designs; other
 * offices mostly follow WIPO ST.16's letters the same way (P plants and the rest are "other").
 */
export function patentTypeOfKind(kind: string): PatentType {
  const letter = kind.normalize("NFKC").trim().toUpperCase()[0];
  if (letter === "A" || letter === "B" || letter === "C" || letter === "E") return "invention";
  if (letter === "U" || letter === "Y") return "utility";
  if (letter === "S" || letter === "D") return "design";
  return "other";
}

/** Whether the document with this kind code is a grant (its publication date is then the grant's): CN B/C/U/Y/S, elsewhere B, E (reissues) and S. */
export function isGrantKind(jurisdiction: string | null, kind: string): boolean {
  return jurisdiction === "CN" ? /^[BCUYS]/u.test(kind) : /^[BES]/u.test(kind);
}

const TYPE_WORDS: readonly (readonly [PatentType, RegExp])[] = [
  ["utility", /实用新型|utility/u],
  ["design", /外观|design/u],
  ["invention", /发明|invention|patent application|granted patent|amended application|limited patent/u],
];

/** 专利类型 as exports write it (发明申请, 发明授权, 实用新型, 外观设计; Lens's document types), or null for a word not known. */
export function patentTypeOf(text: string): PatentType | null {
  const folded = text.normalize("NFKC").toLowerCase();
  return TYPE_WORDS.find(([, words]) => words.test(folded))?.[0] ?? null;
}

/*
 * Ended first: a CNIPA event such as 发明专利申请公布后的视为撤回 or 专利权的终止 names the step it
 * left too, and 无效 holds 效 as 有效 does. Then in force, then under examination.
 */
const STATUS_WORDS: readonly (readonly [LegalStatus, RegExp])[] = [
  ["invalid", /失效|撤回|驳回|届满|期满|未缴年费|放弃|无效|终止|撤销|expired|discontinued|inactive|ceased|lapsed|revoked|withdrawn|rejected|abandoned/u],
  ["valid", /有效|授权|维持|active|granted|patented|in force/u],
  ["pending", /审中|审查|实审|待审|在审|公开|公布|pending|published|examination|filed/u],
];

/** 法律状态 as exports write it (有效/授权/审中/实质审查/失效/撤回/驳回/期限届满/未缴年费…, Active/Pending/Expired/Discontinued…), folded to four. */
export function legalStatusOf(text: string): LegalStatus {
  const folded = text.normalize("NFKC").toLowerCase();
  return STATUS_WORDS.find(([, words]) => words.test(folded))?.[0] ?? "unknown";
}

/** Legal forms at the end of a name that differ between sources for one company. */
const LEGAL_FORM = /(股份有限公司|有限责任公司|有限公司|股份公司|companylimited|coltd|limited|ltd|incorporated|inc|corporation|corp|llc|gmbh)$/u;

/**
 * A company name as matched: NFKC (full- and half-width alike), lower case, without spaces,
 * brackets or punctuation, and without its legal form, so 中芯（上海）集成电路股份有限公司 and
 * 中芯(上海)集成电路有限公司 match, as do "ACME Co., Ltd." and "Acme Ltd".
 */
export function companyNameKey(name: string): string {
  const text = name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, "");
  const bare = text.replace(LEGAL_FORM, "");
  return bare === "" ? text : bare;
}

/** Excel's day zero: serial 1 is 1900-01-01 (past Excel's phantom 1900-02-29, every serial a real date counts from here). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** 1900-01-01 to 9999-12-31, the serials Excel shows as dates. */
const EXCEL_SERIAL_MAX = 2_958_465;

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function fromSerial(serial: number): string | null {
  if (!(serial >= 1 && serial <= EXCEL_SERIAL_MAX)) return null;
  const date = new Date(EXCEL_EPOCH_MS + Math.floor(serial) * DAY_MS);
  return isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/**
 * A date as YYYY-MM-DD from what exports hold: 2023-01-05, 2023/1/5, 2023.01.05, 2023年1月5日
 * (a time after it ignored), 20230105, Excel serial days (a number, or five digits as text), and
 * Date objects (exceljs reads a date cell as UTC midnight). Null for anything else, or a day that
 * does not exist.
 */
export function parseDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : isoDate(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  if (typeof value === "number") {
    if (Number.isInteger(value) && value >= 19000101 && value <= 21991231) return parseDate(String(value));
    return fromSerial(value);
  }
  if (typeof value !== "string") return null;
  const text = value.normalize("NFKC").trim();
  const parts = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[\sT]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/u.exec(text);
  if (parts) return isoDate(Number(parts[1]), Number(parts[2]), Number(parts[3]));
  const compact = /^(\d{4})(\d{2})(\d{2})$/u.exec(text);
  if (compact) return isoDate(Number(compact[1]), Number(compact[2]), Number(compact[3]));
  if (/^\d{5}(?:\.\d+)?$/u.test(text)) return fromSerial(Number(text));
  return null;
}
