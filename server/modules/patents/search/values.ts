import { companyNameKey } from "../../../../contract/patents/normalise";
import type { Dialect } from "../../../db/database";

/*
 * What a patent is filtered, counted and ordered by, as values of a few facets. Every distinct
 * value is a row of patent_facet_values (migration 0021) with the number of patents that have it,
 * kept by the import; a patent carries the codes of its values twice: in its full-text document,
 * as tags the index intersects with the keywords (a filter is a term of the index, as in any search
 * engine), and in patent_facts.facet_codes, which the facets and statistics count.
 */

/** The facets, in the order their index is encoded into a code (code = value id × 16 + index). */
export const FACETS = [
  "patentType",
  "legalStatus",
  "district",
  "applyYear",
  "grantYear",
  "applyMonth",
  "publicationYear",
  "publicationMonth",
  "ipcClass",
  "ipcGroup",
  "ipcCode",
  "segment",
  "applicant",
  "creditCode",
] as const;
export type Facet = (typeof FACETS)[number];

/**
 * The facets whose values' patents are counted (patent_facet_values.patents): what the unfiltered
 * facets, statistics and total read. The others (months, IPC groups and codes, credit codes) are
 * only filtered by, so an import does not update their rows.
 */
export const COUNTED: ReadonlySet<Facet> = new Set<Facet>(["patentType", "legalStatus", "district", "applyYear", "grantYear", "ipcClass", "segment", "applicant"]);

const FACET_BITS = 4;
const FACET_INDEX = new Map<Facet, number>(FACETS.map((facet, index) => [facet, index]));

/** A value's code: its row's id with its facet in the low bits, so that counting needs no lookup to know the facet. */
export const codeOf = (id: number, facet: Facet): number => id * (1 << FACET_BITS) + (FACET_INDEX.get(facet) ?? 0);
export const facetOfCode = (code: number): Facet => FACETS[code % (1 << FACET_BITS)];
export const idOfCode = (code: number): number => Math.floor(code / (1 << FACET_BITS));

/** One value of a patent; `shown` is how an applicant was written (the value is its normalised name). */
export interface FacetValue {
  facet: Facet;
  value: string;
  shown?: string;
}

/** The fields of a patent its values come from: a PatentRecord, or a stored patent row read back. */
export interface IndexedPatent {
  patentType: string;
  legalStatus: string;
  district: string | null;
  creditCode: string | null;
  /** YYYY-MM-DD, or null when unknown. */
  applyDate: string | null;
  grantDate: string | null;
  publicationDate: string | null;
  ipc: readonly string[];
  mainIpc: string | null;
  segments: readonly string[];
  applicants: readonly string[];
}

/** The IPC codes a patent is filtered and counted by: its main code and its codes, once each. */
export function ipcCodes(patent: Pick<IndexedPatent, "ipc" | "mainIpc">): string[] {
  return [...new Set([...(patent.mainIpc ? [patent.mainIpc] : []), ...patent.ipc])].filter((code) => code.length >= 4);
}

/** The subclass (H01L) and main group (H01L21) of an IPC code. */
export const ipcSubclass = (code: string) => code.slice(0, 4);
export const ipcGroup = (code: string) => code.split("/")[0];

/**
 * A month as a bucket of the list's order: YYYY-MM, or '' for an unknown date (which sorts first,
 * as the empty date does). Every patent has one of each, so the buckets hold every patent.
 */
export const monthOf = (date: string | null) => (date ? date.slice(0, 7) : "");

/** Every value of a patent, each once. */
export function valuesOf(patent: IndexedPatent): FacetValue[] {
  const values: FacetValue[] = [];
  const seen = new Set<string>();
  const add = (facet: Facet, value: string | null | undefined, shown?: string) => {
    if (!value) {
      if (facet !== "applyMonth" && facet !== "publicationMonth") return;
      value = "";
    }
    const key = `${facet}\u0000${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    values.push(shown === undefined ? { facet, value } : { facet, value, shown });
  };
  add("patentType", patent.patentType);
  add("legalStatus", patent.legalStatus);
  add("district", patent.district);
  add("creditCode", patent.creditCode);
  add("applyYear", patent.applyDate?.slice(0, 4));
  add("grantYear", patent.grantDate?.slice(0, 4));
  add("applyMonth", monthOf(patent.applyDate));
  add("publicationYear", patent.publicationDate?.slice(0, 4));
  add("publicationMonth", monthOf(patent.publicationDate));
  for (const code of ipcCodes(patent)) {
    add("ipcClass", ipcSubclass(code));
    add("ipcGroup", ipcGroup(code));
    add("ipcCode", code);
  }
  for (const segment of patent.segments) add("segment", segment);
  // One value per normalised name, shown as the least of the ways this patent writes it.
  const names = new Map<string, string>();
  for (const name of patent.applicants) {
    const key = companyNameKey(name);
    const shown = names.get(key);
    if (key && (shown === undefined || name < shown)) names.set(key, name);
  }
  for (const [key, name] of names) add("applicant", key, name);
  return values;
}

/**
 * The codes of a patent as patent_facts.facet_codes keeps them: on PostgreSQL an integer array,
 * which a GIN index serves (a filter of facet values alone is answered from that narrow table, not
 * from the full-text rows); on SQLite decimal text separated by spaces (FTS5 answers such filters).
 */
export type StoredCodes = string | number[];
export const storedCodes = (dialect: Dialect, codes: readonly number[]): StoredCodes => (dialect === "postgres" ? [...codes] : codes.join(" "));
export const codesOfStored = (stored: StoredCodes): number[] => (typeof stored === "string" ? (stored === "" ? [] : stored.split(" ").map(Number)) : stored);

/**
 * Counts the codes of a text of codes (patents' codes joined by spaces), without splitting it
 * into strings: a broad statistic reads several million of them. Only the codes of `facets` are
 * counted (all when not given). They are tallied in a table of their own, open addressing,
 * grown as the distinct codes fill half of it.
 */
export function countCodes(text: string, facets?: Iterable<Facet>): Map<number, number> {
  let mask = facets ? 0 : 0xffff;
  for (const facet of facets ?? []) mask |= 1 << (FACET_INDEX.get(facet) ?? 0);
  let bits = 12;
  // A code plus one (0: an empty slot) and its count.
  let slots = new Float64Array(1 << bits);
  let tallies = new Int32Array(1 << bits);
  let distinct = 0;
  const add = (code: number, count: number) => {
    const last = (1 << bits) - 1;
    let at = Math.imul(code, 0x9e3779b1) >>> (32 - bits);
    while (slots[at] !== 0 && slots[at] !== code + 1) at = (at + 1) & last;
    if (slots[at] === 0) {
      slots[at] = code + 1;
      distinct += 1;
    }
    tallies[at] += count;
  };
  let code = 0;
  let digits = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    if (c >= 48 && c <= 57) {
      code = code * 10 + (c - 48);
      digits = true;
      continue;
    }
    if (!digits) continue;
    if ((mask >> code % (1 << FACET_BITS)) & 1) {
      add(code, 1);
      if (2 * distinct > 1 << bits) {
        const [oldSlots, oldTallies] = [slots, tallies];
        bits += 1;
        slots = new Float64Array(1 << bits);
        tallies = new Int32Array(1 << bits);
        distinct = 0;
        for (let at = 0; at < oldSlots.length; at++) if (oldSlots[at] !== 0) add(oldSlots[at] - 1, oldTallies[at]);
      }
    }
    code = 0;
    digits = false;
  }
  const counts = new Map<number, number>();
  for (let at = 0; at < slots.length; at++) if (slots[at] !== 0) counts.set(slots[at] - 1, tallies[at]);
  return counts;
}
