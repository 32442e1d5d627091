/**
 * Opens a patent export for the import (issue 12 item 1): tells its format from its bytes, finds
 * its header row and maps it, and reads its rows one by one as PatentRecords or row problems.
 */
import { open } from "node:fs/promises";
import { fieldOfHeader, mappingFor } from "../../../../contract/patents/headers";
import type { ReadRow } from "../../../../contract/patents/record";
import { csvRecords, delimiterOf, type Delimiter } from "./csv";
import { HEADER_SEARCH_ROWS, TRS_HEADER_RECORDS } from "./limits";
import { recordReader, type RawCell } from "./record";
import { detectEncoding, textChunks, type TextEncoding } from "./text";
import { trsRecords } from "./trs";
import { UnreadableExport, type ColumnMapping, type ExportFormat, type OpenedExport } from "./types";
import { xlsxRows, type XlsxRow } from "./xlsx";

export { openExportInWorker, ReaderFailure, ReadersBusy, type WorkerOptions } from "./inWorker";
export { UnreadableExport } from "./types";
export type { ColumnMapping, ExportFormat, OpenedExport, ThreadRow } from "./types";

const ZIP_MAGIC = Buffer.from("PK\u0003\u0004", "latin1");
/** The start of an old binary .xls (an OLE compound file), which no reader here takes. */
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const SNIFF_BYTES = 4096;

async function head(path: string): Promise<Buffer> {
  const file = await open(path, "r");
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** The format the bytes show, whatever the name says: an .xlsx is a zip, a TRS file has a <REC> line early on, other text is CSV. */
async function formatOf(path: string, originalName: string): Promise<ExportFormat> {
  const bytes = await head(path);
  if (bytes.length === 0) throw new UnreadableExport("empty", `${originalName} is empty`);
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return "xlsx";
  if (bytes.subarray(0, 4).equals(OLE_MAGIC) || bytes.includes(0)) throw new UnreadableExport("unreadable", `${originalName} is no .xlsx, .csv or TRS text`);
  return /^\s*<REC>\s*$/imu.test(bytes.toString("latin1")) ? "trs" : "csv";
}

/** Whether a row reads as an export's header row: it names the publication number, or two known fields. */
function looksLikeHeader(cells: readonly string[]): boolean {
  const fields = cells.map((cell) => fieldOfHeader(cell)).filter((field) => field);
  return fields.includes("publicationNumber") || fields.length >= 2;
}

interface HeaderRow {
  line: number;
  /** Each header with its column; blank and repeated headers are left out (the first of a name counts). */
  columns: { header: string; column: number }[];
}

/** The header row among the first rows: the first that looks like one, else the first row. */
function headerRowOf(rows: readonly { line: number; cells: readonly RawCell[] }[]): HeaderRow {
  const texts = rows.map(({ line, cells }) => ({ line, cells: cells.map((cell) => (cell === null || cell === undefined ? "" : String(cell).trim())) }));
  const chosen = texts.find(({ cells }) => looksLikeHeader(cells)) ?? texts[0];
  if (!chosen) throw new UnreadableExport("empty", "no rows");
  const seen = new Set<string>();
  const columns: HeaderRow["columns"] = [];
  chosen.cells.forEach((header, column) => {
    if (header === "" || seen.has(header)) return;
    seen.add(header);
    columns.push({ header, column });
  });
  if (columns.length === 0) throw new UnreadableExport("empty", "no headers");
  return { line: chosen.line, columns };
}

function opened(
  format: ExportFormat,
  headers: string[],
  given: ColumnMapping | undefined,
  rest: { encoding?: TextEncoding; total: number | null; rows: (read: ReturnType<typeof recordReader>) => AsyncIterable<ReadRow>; close?: () => Promise<void> },
): OpenedExport {
  const { mapping, unmapped, complete } = mappingFor(headers, given);
  return {
    format,
    encoding: rest.encoding,
    headers,
    mapping,
    unmapped,
    complete,
    total: rest.total,
    rows: () => rest.rows(recordReader(headers, mapping)),
    close: rest.close ?? (async () => undefined),
  };
}

/** Rows of a table (.xlsx, .csv) below its header row, read through the header row's columns. */
async function* tableRows(
  records: AsyncIterable<{ line: number; cells: readonly RawCell[] } | { line: number; tooLong: number }>,
  headerRow: HeaderRow,
  read: ReturnType<typeof recordReader>,
): AsyncGenerator<ReadRow> {
  const columnOf = new Map(headerRow.columns.map(({ header, column }) => [header, column]));
  const headerAt = new Map(headerRow.columns.map(({ header, column }) => [column, header]));
  for await (const record of records) {
    if (record.line <= headerRow.line) continue;
    if ("tooLong" in record) yield { line: record.line, problem: "tooLong", field: headerAt.get(record.tooLong) };
    else yield read(record.line, (header) => record.cells[columnOf.get(header) ?? -1]);
  }
}

async function firstRows<T>(rows: AsyncIterable<T>, count: number): Promise<T[]> {
  const found: T[] = [];
  for await (const row of rows) {
    found.push(row);
    if (found.length >= count) break;
  }
  return found;
}

/**
 * An .xlsx is read once: the rows read to find the header row, and the reader left where they end,
 * go to the first rows() call. The shared strings are read into their file before the first row;
 * a second pass would cost that again. Left unclaimed (the mapping step asks first), the reader is
 * closed after a while.
 */
const XLSX_HOLD_MS = 60_000;

async function openXlsx(path: string, given?: ColumnMapping): Promise<OpenedExport> {
  let lastRow: number | null = null;
  const reading = xlsxRows(path, (rows) => (lastRow = rows));
  const first: XlsxRow[] = [];
  let headerRow: HeaderRow;
  try {
    // Not for-await: leaving it would close the reader this hands on.
    for (let next = await reading.next(); !next.done; next = await reading.next()) {
      first.push(next.value);
      if (first.length >= HEADER_SEARCH_ROWS) break;
    }
    headerRow = headerRowOf(first.flatMap((row) => ("cells" in row ? [row] : [])));
  } catch (error) {
    await reading.return(undefined);
    throw error;
  }
  let claimed = false;
  const close = async () => {
    clearTimeout(release);
    if (claimed) return;
    claimed = true;
    await reading.return(undefined);
  };
  const release = setTimeout(() => void close(), XLSX_HOLD_MS);
  release.unref();
  async function* rowsOnce(): AsyncGenerator<XlsxRow> {
    if (claimed) {
      yield* xlsxRows(path);
      return;
    }
    claimed = true;
    clearTimeout(release);
    yield* first;
    yield* reading;
  }
  const total = lastRow === null ? null : Math.max(0, lastRow - headerRow.line);
  return opened(
    "xlsx",
    headerRow.columns.map(({ header }) => header),
    given,
    { total, rows: (read) => tableRows(rowsOnce(), headerRow, read), close },
  );
}

async function delimiterOfFile(path: string, encoding: TextEncoding): Promise<Delimiter> {
  for await (const chunk of textChunks(path, encoding)) return delimiterOf(chunk.split(/\r\n|\r|\n/u, 1)[0]);
  return ",";
}

async function openCsv(path: string, given?: ColumnMapping): Promise<OpenedExport> {
  const encoding = await detectEncoding(path);
  const delimiter = await delimiterOfFile(path, encoding);
  const records = () => csvRecords(textChunks(path, encoding), delimiter);
  const first = await firstRows(records(), HEADER_SEARCH_ROWS);
  const headerRow = headerRowOf(first.flatMap((record) => ("cells" in record ? [record] : [])));
  return opened(
    "csv",
    headerRow.columns.map(({ header }) => header),
    given,
    { encoding, total: null, rows: (read) => tableRows(records(), headerRow, read) },
  );
}

async function openTrs(path: string, given?: ColumnMapping): Promise<OpenedExport> {
  const encoding = await detectEncoding(path);
  const records = () => trsRecords(textChunks(path, encoding));
  const names = new Set<string>();
  for (const record of await firstRows(records(), TRS_HEADER_RECORDS)) if ("fields" in record) for (const name of record.fields.keys()) names.add(name);
  if (names.size === 0) throw new UnreadableExport("empty", "no TRS records");
  return opened("trs", [...names], given, {
    encoding,
    total: null,
    rows: async function* (read) {
      for await (const record of records()) {
        if ("tooLong" in record) yield { line: record.line, problem: "tooLong", field: record.tooLong || undefined };
        else yield read(record.line, (header) => record.fields.get(header));
      }
    },
  });
}

/**
 * The export at `path` (an upload saved to the disk; `originalName` only names it in errors),
 * opened with the given mapping (a preset, or the user's choice) over the alias table's. Throws
 * UnreadableExport for a file that is no export at all, before any row; rows() throws it too if an
 * .xlsx turns out damaged part-way. A row itself never throws: it comes back as a problem.
 */
export async function openExport(path: string, originalName: string, given?: ColumnMapping): Promise<OpenedExport> {
  switch (await formatOf(path, originalName)) {
    case "xlsx":
      return openXlsx(path, given);
    case "csv":
      return openCsv(path, given);
    case "trs":
      return openTrs(path, given);
  }
}
