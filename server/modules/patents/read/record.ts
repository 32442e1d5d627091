/**
 * A row of any export, as its mapped cells, becomes a PatentRecord or the reason it cannot: one set
 * of rules for every format, so a patent reads the same from Patsnap's .xlsx and CNIPA's TRS.
 */
import { isValidCreditCode } from "../../../../contract/account";
import { MULTI_VALUE_FIELDS, splitterFor, type ColumnMapping, type PatentField } from "../../../../contract/patents/headers";
import {
  isGrantKind,
  jurisdictionOf,
  kindOf,
  legalStatusOf,
  normaliseApplicationNumber,
  normalisePublicationNumber,
  parseDate,
  patentTypeOf,
  patentTypeOfKind,
} from "../../../../contract/patents/normalise";
import type { PatentRecord, ReadRow } from "../../../../contract/patents/record";
import { normaliseIpc, segmentsOf } from "../../../../contract/patents/segments";
import { CELL_MAX_CHARS } from "./limits";

/** A cell as a reader found it: text (csv, TRS), or what an .xlsx cell holds. */
export type RawCell = string | number | Date | null | undefined;

/** Controls a database or a page has no use for (NUL cannot even be stored by PostgreSQL); tabs and line breaks stay. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/gu;

const textOf = (cell: RawCell): string => {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return parseDate(cell) ?? "";
  return String(cell).replace(CONTROLS, "").trim();
};

type MultiField = (typeof MULTI_VALUE_FIELDS)[number];

/**
 * The record builder of one file: its mapping (each field's headers, in file order) and how the
 * file splits multi-value cells. `read(line, cell)` takes the row's cell under a header.
 */
export function recordReader(headers: readonly string[], mapping: ColumnMapping) {
  const columns = new Map<PatentField, string[]>();
  for (const header of headers) {
    const field = mapping[header];
    if (field) columns.set(field, [...(columns.get(field) ?? []), header]);
  }
  const split = splitterFor(headers);

  return (line: number, cell: (header: string) => RawCell): ReadRow => {
    const raw = new Map<PatentField, { header: string; value: RawCell; text: string }>();
    for (const [field, fieldHeaders] of columns) {
      for (const header of fieldHeaders) {
        const value = cell(header);
        // Longer than Excel lets a cell be, whatever trimming would leave: the readers cut such a cell, so its text is not whole.
        if (typeof value === "string" && value.length > CELL_MAX_CHARS) return { line, problem: "tooLong", field: header };
        const text = textOf(value);
        // Of several columns for one field, the first that says something fills it.
        if (text !== "") {
          raw.set(field, { header, value, text });
          break;
        }
      }
    }
    const text = (field: PatentField) => raw.get(field)?.text ?? null;
    const list = (field: MultiField) => {
      const value = text(field);
      return value === null ? [] : split(value);
    };

    const numberText = text("publicationNumber");
    if (numberText === null) return { line, problem: "noPublicationNumber" };
    const publicationNumber = normalisePublicationNumber(numberText);
    if (publicationNumber === null) return { line, problem: "badNumber", field: raw.get("publicationNumber")?.header };
    const title = text("title");
    if (title === null) return { line, problem: "noTitle" };

    const dates: Partial<Record<"applyDate" | "publicationDate" | "grantDate", string | null>> = {};
    for (const field of ["applyDate", "publicationDate", "grantDate"] as const) {
      const cellValue = raw.get(field);
      if (!cellValue) continue;
      const date = parseDate(cellValue.value instanceof Date || typeof cellValue.value === "number" ? cellValue.value : cellValue.text);
      if (date === null) return { line, problem: "badDate", field: cellValue.header };
      dates[field] = date;
    }

    let citedBy: number | null = null;
    const cited = raw.get("citedBy");
    if (cited) {
      citedBy = Number(cited.text.replace(/,/gu, ""));
      if (!Number.isInteger(citedBy) || citedBy < 0) return { line, problem: "badNumber", field: cited.header };
    }

    const codes = (field: "ipc" | "cpc") => [...new Set(list(field).flatMap((code) => normaliseIpc(code) ?? []))];
    const ipc = codes("ipc");
    const mainIpcText = text("mainIpc");
    const mainIpc = (mainIpcText === null ? null : normaliseIpc(split(mainIpcText)[0] ?? "")) ?? ipc[0] ?? null;
    if (mainIpc !== null && !ipc.includes(mainIpc)) ipc.unshift(mainIpc);
    const cpc = codes("cpc");

    const jurisdiction = text("jurisdiction")?.toUpperCase() ?? jurisdictionOf(publicationNumber);
    const kind = text("kind") ?? kindOf(publicationNumber);
    const typeText = text("patentType");
    const patentType = (typeText === null ? null : patentTypeOf(typeText)) ?? (kind === null ? "other" : patentTypeOfKind(kind));
    const publicationDate = dates.publicationDate ?? null;
    // A grant's own publication (CN …B, …U, …S) is dated the day of the grant.
    const grantDate = dates.grantDate ?? (kind !== null && isGrantKind(jurisdiction, kind) ? publicationDate : null);

    // Of a cell naming each applicant's place or code, the first applicant's.
    const first = (field: PatentField) => split(text(field) ?? "")[0] ?? null;
    const credit = first("creditCode")?.toUpperCase() ?? null;
    const record: PatentRecord = {
      publicationNumber,
      applicationNumber: normaliseApplicationNumber(text("applicationNumber") ?? ""),
      applyDate: dates.applyDate ?? null,
      publicationDate,
      grantDate,
      title,
      abstract: text("abstract"),
      applicants: list("applicants"),
      applicantAddress: text("applicantAddress"),
      province: first("province"),
      city: first("city"),
      district: first("district"),
      creditCode: credit !== null && isValidCreditCode(credit) ? credit : null,
      inventors: list("inventors"),
      ipc,
      mainIpc,
      cpc,
      patentType,
      legalStatus: legalStatusOf(text("legalStatus") ?? ""),
      priorityNumbers: list("priorityNumbers"),
      family: list("family").flatMap((number) => normalisePublicationNumber(number) ?? []),
      citedBy,
      jurisdiction,
      segments: segmentsOf([...ipc, ...cpc]),
    };
    return { line, record };
  };
}

export type RecordReader = ReturnType<typeof recordReader>;
