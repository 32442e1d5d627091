/**
 * The rows of an .xlsx export's first worksheet, streamed by exceljs's WorkbookReader: a sheet of
 * 100,000 patents is read a chunk of XML at a time, never loaded whole.
 */
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { CellValue, stream } from "exceljs";
import { ZipRefusal, withZipFile } from "../../files/zipReader";
import { CELL_MAX_CHARS, EXPORT_PACKAGE_LIMITS, MAX_COLUMNS } from "./limits";
import { UnreadableExport } from "./types";

/** A cell as the record builder takes it: text, a number, or a date (date-formatted cells). */
export type XlsxCell = string | number | Date | null;

export interface XlsxRow {
  line: number;
  cells: XlsxCell[];
}

/** exceljs is loaded with the first import, not with the server. */
const loadExcel = async () => (await import("exceljs")).default;

/** What a worksheet reader holds of the sheet's XML: the chunks exceljs parses (its types leave the field out). */
type SheetReader = stream.xlsx.WorksheetReader & { iterator: AsyncIterable<Buffer | string> };
/** The workbook reader's parser of the shared-string table, which its types leave out. */
type BookReader = stream.xlsx.WorkbookReader & { _parseSharedStrings(entry: AsyncIterable<Buffer | string>): AsyncGenerator<unknown> };

/** `<dimension ref="A1:Z100001"/>`: the sheet's last row, as the writer declared it. */
const DIMENSION = /<dimension\s+ref="[A-Z]+\d+(?::[A-Z]+(\d+))?"/u;
/** The dimension comes before <sheetData>; past this much XML there is none. */
const DIMENSION_SEARCH_CHARS = 64 * 1024;

/**
 * Characters of XML between two tags: a cell at CELL_MAX_CHARS written all in the longest
 * character references (&#x10FFFF;) is ten times that, so no cut shortens a cell to under the limit.
 */
const XML_TEXT_MAX_CHARS = CELL_MAX_CHARS * 10 + 10;
const ENTITY_MAX_CHARS = 10;

/** A rich text run, a formula's result, a link's text: the value a reader sees in the cell. */
function cellOf(value: CellValue): XlsxCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || value instanceof Date) return value;
  if (typeof value === "boolean") return String(value);
  if ("richText" in value) return (value.richText ?? []).map((run) => run.text ?? "").join("");
  if ("error" in value) return null;
  if ("hyperlink" in value) return cellOf(value.text as CellValue);
  if ("formula" in value || "sharedFormula" in value) return cellOf((value.result ?? null) as CellValue);
  return null;
}

/**
 * Refuses a package whose zip directory declares more than EXPORT_PACKAGE_LIMITS, before exceljs
 * inflates anything: what it caches (shared strings, styles) is then bounded by the declared sizes.
 */
export async function checkPackage(path: string): Promise<void> {
  try {
    await withZipFile(path, async () => undefined, EXPORT_PACKAGE_LIMITS);
  } catch (error) {
    if (error instanceof ZipRefusal) throw new UnreadableExport(error.reason, error.message);
    throw error;
  }
}

/**
 * The first worksheet's rows that hold anything, each with its row number. `onTotal` hears the
 * sheet's declared last row before the first row comes. Leaving the loop early closes the file.
 */
export async function* xlsxRows(path: string, onTotal?: (rows: number | null) => void): AsyncGenerator<XlsxRow> {
  const Excel = await loadExcel();
  const file = createReadStream(path);
  // Styles tell date cells from numbers; links and the other sheets are not wanted.
  const workbook = new Excel.stream.xlsx.WorkbookReader(file, { sharedStrings: "cache", styles: "cache", hyperlinks: "ignore", worksheets: "emit", entries: "ignore" }) as BookReader;
  const parseSharedStrings = workbook._parseSharedStrings.bind(workbook);
  workbook._parseSharedStrings = (entry) => parseSharedStrings(Readable.from(xmlText(entry)));
  try {
    for await (const worksheet of workbook) {
      const sheet = worksheet as SheetReader;
      sheet.iterator = watchDimension(xmlText(sheet.iterator), onTotal);
      for await (const row of sheet) {
        const values = row.values as CellValue[];
        const cells: XlsxCell[] = [];
        for (let column = 1; column < values.length && column <= MAX_COLUMNS; column++) cells.push(cellOf(values[column]));
        if (cells.some((cell) => cell !== null && cell !== "")) yield { line: row.number, cells };
      }
      return;
    }
    throw new UnreadableExport("empty", "no worksheet");
  } catch (error) {
    if (error instanceof UnreadableExport) throw error;
    throw new UnreadableExport("unreadable", (error as Error).message);
  } finally {
    file.destroy();
  }
}

/**
 * XML chunks as text decoded across chunk boundaries (exceljs decodes each chunk alone, so a Chinese
 * character whose bytes two chunks share came out as three replacement characters), with every
 * stretch between two tags cut at XML_TEXT_MAX_CHARS: one cell of a hostile file then costs that
 * much, not the gigabytes it declares, and still reads as too long. A cut never splits an entity
 * (&amp;), which the XML parser would refuse.
 */
async function* xmlText(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  /** Characters since the last "<", and whether an entity is open at the end of what was passed on. */
  let run = 0;
  let inEntity = false;
  /** Whether no stretch of the text reaches past the bound; if so, the state moves to its end. */
  const withinBound = (text: string): boolean => {
    let last = -1;
    let length = run;
    for (let tag = text.indexOf("<"); tag !== -1; tag = text.indexOf("<", tag + 1)) {
      if (length + tag - last - 1 > XML_TEXT_MAX_CHARS) return false;
      length = 0;
      last = tag;
    }
    if (length + text.length - last - 1 > XML_TEXT_MAX_CHARS) return false;
    run = length + text.length - last - 1;
    const amp = text.lastIndexOf("&");
    const semi = text.lastIndexOf(";");
    if (amp > last) inEntity = amp > semi;
    else if (semi > last || last !== -1) inEntity = false;
    return true;
  };
  const bounded = (text: string): string => {
    if (withinBound(text)) return text;
    let out = "";
    let at = 0;
    while (at < text.length) {
      const tag = text.indexOf("<", at);
      const end = tag === -1 ? text.length : tag;
      let keep = Math.min(end - at, Math.max(0, XML_TEXT_MAX_CHARS - run));
      if (keep < end - at) {
        const kept = text.slice(at, at + keep);
        const amp = kept.lastIndexOf("&");
        const open = amp === -1 ? inEntity && !kept.includes(";") : amp > kept.lastIndexOf(";");
        if (open) {
          // An entity is at most ten characters: keep it whole, or all there is of it in this chunk.
          const close = text.slice(at + keep, Math.min(end, at + keep + ENTITY_MAX_CHARS)).indexOf(";");
          if (close !== -1) keep += close + 1;
          else if (tag === -1 && end - at - keep < ENTITY_MAX_CHARS) keep = end - at;
        }
      }
      const piece = text.slice(at, at + keep);
      out += piece;
      run += keep;
      const amp = piece.lastIndexOf("&");
      if (amp !== -1) inEntity = amp > piece.lastIndexOf(";");
      else if (piece.includes(";")) inEntity = false;
      if (tag === -1) break;
      out += "<";
      run = 0;
      inEntity = false;
      at = tag + 1;
    }
    return out;
  };
  for await (const chunk of chunks) {
    const text = bounded(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
    if (text) yield text;
  }
  const rest = bounded(decoder.decode());
  if (rest) yield rest;
}

/** Passes the sheet's XML on unchanged, reading the dimension from its start on the way. */
async function* watchDimension(chunks: AsyncIterable<string>, onTotal?: (rows: number | null) => void): AsyncGenerator<string> {
  let head = "";
  let told = onTotal === undefined;
  for await (const chunk of chunks) {
    if (!told) {
      head += chunk;
      const found = DIMENSION.exec(head);
      if (found || head.length > DIMENSION_SEARCH_CHARS || head.includes("<sheetData")) {
        told = true;
        onTotal?.(found ? Number(found[1] ?? 1) : null);
        head = "";
      }
    }
    yield chunk;
  }
  if (!told) onTotal?.(null);
}
