import type { CellValue, DataValidation, Row, Worksheet, Xlsx, XlsxReadOptions } from "exceljs";
import iconv from "iconv-lite";
import JSZip from "jszip";
import { AppError } from "../../errors";
import { ZipMessages, ZipRefusal, openZip, type ZipLimits } from "../files/zipReader";
import { IMPORT_MAX_COMPANIES, ImportMessages } from "./service";

/** A row of an uploaded table: its line in the file (1 = the header) and its cells as text. */
export interface SheetRow {
  line: number;
  cells: string[];
}

/**
 * What an import package may unpack to. A company list of the most rows an import takes is a few
 * MB of sheet XML; exceljs holds a parsed sheet in about 15-20 times its XML, so these bounds keep
 * the worst file at a few hundred MB for about a second and a half.
 */
export const IMPORT_PACKAGE_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxTotalBytes: 16 * 1024 * 1024,
  maxEntryBytes: 16 * 1024 * 1024,
  maxRatio: 200,
};

/** <row> elements a worksheet may hold: the companies an import takes, with room for blank formatted rows. */
export const SHEET_MAX_ROWS = IMPORT_MAX_COMPANIES * 4;
/** Columns read from each row; the import uses the first seven, any further ones only count a row as filled. */
export const SHEET_MAX_COLUMNS = 64;

/**
 * Parts of a worksheet left unread. Only <sheetData> holds the cells; merged ranges, column ranges,
 * validations and the like are ranges exceljs walks cell by cell, so one tag naming A1:XFD1048576
 * would hold the server for minutes.
 */
const IGNORED_SHEET_NODES = [
  "sheetPr",
  "dimension",
  "sheetViews",
  "sheetFormatPr",
  "cols",
  "autoFilter",
  "mergeCells",
  "rowBreaks",
  "hyperlinks",
  "pageMargins",
  "dataValidations",
  "pageSetup",
  "headerFooter",
  "printOptions",
  "picture",
  "drawing",
  "sheetProtection",
  "tableParts",
  "conditionalFormatting",
  "extLst",
];

/** exceljs's reader takes a bound on <row> elements (ListXform's maxItems) that its types leave out. */
type ReadOptions = Partial<XlsxReadOptions> & { maxRows: number };
const READ_OPTIONS: ReadOptions = { ignoreNodes: IGNORED_SHEET_NODES, maxRows: SHEET_MAX_ROWS };
/** How exceljs words a sheet past maxRows ("Max row count (20000) exceeded"). */
const TOO_MANY_ROWS = /^Max row count \(\d+\) exceeded$/;

/** exceljs is loaded on the first import or template, not with the server. */
const loadExcel = async () => (await import("exceljs")).default;

/** What the entry inflates to, or null once that passes the bound (then nothing more is inflated). */
function inflatedSize(entry: JSZip.JSZipObject, bound: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    // JSZip's stream inflates a chunk of compressed data at a time, as it is read.
    const stream = entry.nodeStream("nodebuffer");
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= bound) return;
      // Unread, the stream fills its buffer and pauses JSZip's inflating.
      stream.pause();
      stream.removeAllListeners("data");
      resolve(null);
    });
    stream.on("end", () => resolve(size));
    stream.on("error", reject);
  });
}

/**
 * The package is unpacked only within IMPORT_PACKAGE_LIMITS. The zip's directory goes through the
 * server's bounded reader first (entries, declared sizes and ratios), then every part exceljs will
 * read is inflated once by the zip library exceljs reads with, counting the bytes and stopping at
 * the bound, since the declared sizes are the sender's word. exceljs then inflates the same bytes to
 * the same parts, so a zip bomb costs at most one bound's worth of work.
 */
async function checkPackage(bytes: Buffer): Promise<"ok" | "unreadable"> {
  try {
    await openZip(bytes, IMPORT_PACKAGE_LIMITS);
  } catch (error) {
    if (!(error instanceof ZipRefusal)) throw error;
    if (error.reason === "unreadable") return "unreadable";
    throw AppError.badRequest(ZipMessages.tooLarge);
  }
  let listing: JSZip;
  try {
    listing = await JSZip.loadAsync(bytes);
  } catch {
    return "unreadable";
  }
  let total = 0;
  for (const entry of Object.values(listing.files)) {
    // exceljs skips folders, as this does: their data is never inflated.
    if (entry.dir) continue;
    let size: number | null;
    try {
      size = await inflatedSize(entry, Math.min(IMPORT_PACKAGE_LIMITS.maxEntryBytes, IMPORT_PACKAGE_LIMITS.maxTotalBytes - total));
    } catch {
      return "unreadable";
    }
    if (size === null) throw AppError.badRequest(ZipMessages.tooLarge);
    total += size;
  }
  return "ok";
}

/** A date cell as the day it names (exceljs reads Excel's serial days as UTC), with the time when it has one. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  const iso = date.toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.slice(0, 19).replace("T", " ");
}

/** A cell's value as the text it shows: rich text joined, a formula's last result, a link's text. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return dateText(value);
  if ("richText" in value) return (value.richText ?? []).map((run) => run.text ?? "").join("");
  if ("error" in value) return String(value.error ?? "");
  if ("hyperlink" in value) return cellText(value.text as CellValue);
  if ("formula" in value || "sharedFormula" in value) return cellText((value.result ?? null) as CellValue);
  return "";
}

function rowCells(row: Row): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    if (column <= SHEET_MAX_COLUMNS) cells[column - 1] = cellText(cell.value);
  });
  return Array.from(cells, (text) => text ?? "");
}

/**
 * The rows of an .xlsx file's first sheet, each cell as the text it shows, read by exceljs. Null
 * for a file that is no readable workbook; a zip bomb or a sheet past SHEET_MAX_ROWS is refused.
 */
export async function readXlsx(bytes: Buffer): Promise<SheetRow[] | null> {
  if ((await checkPackage(bytes)) === "unreadable") return null;
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  // exceljs files each defined name's range under every cell it covers, so one name over
  // A1:XFD1048576 would fill the memory; an import has no use for them, so they are dropped unread.
  (workbook as unknown as { _definedNames: { model: unknown } })._definedNames = { set model(_ignored: unknown) {} };
  try {
    // exceljs types its input as an ArrayBuffer-like Buffer of its own; it hands Node's Buffer to JSZip.
    await workbook.xlsx.load(bytes as unknown as Parameters<Xlsx["load"]>[0], READ_OPTIONS);
  } catch (error) {
    if (error instanceof Error && TOO_MANY_ROWS.test(error.message)) throw AppError.badRequest(ImportMessages.tooMany);
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return null;
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => rows.push({ line, cells: rowCells(row) }));
  return rows;
}

/** An .xlsx of the header row: what the import dialog offers to fill in. */
export async function buildTemplate(options: {
  sheetName: string;
  header: readonly string[];
  /** Column (1-based) whose cells offer these values, with the message a wrong one gets. */
  choices?: { column: number; values: readonly string[]; error: string };
  /** Columns (1-based) kept as text, so Excel leaves long digit strings and leading zeros alone. */
  textColumns?: readonly number[];
}): Promise<Buffer> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow([...options.header]).font = { bold: true };
  options.header.forEach((name, index) => {
    const column = sheet.getColumn(index + 1);
    column.width = Math.max(12, [...name].length * 2 + 4);
    if (options.textColumns?.includes(index + 1)) column.numFmt = "@";
  });
  const { choices } = options;
  if (choices) {
    const letter = sheet.getColumn(choices.column).letter;
    // A range's validation is one <dataValidation>; exceljs's types name only the per-cell setter.
    const { dataValidations } = sheet as Worksheet & { dataValidations: { add(range: string, validation: DataValidation): void } };
    dataValidations.add(`${letter}2:${letter}${IMPORT_MAX_COMPANIES + 1}`, {
      type: "list",
      allowBlank: true,
      formulae: [`"${choices.values.join(",")}"`],
      showErrorMessage: true,
      error: choices.error,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A text file's characters: UTF-8 (a BOM, as Excel's "CSV UTF-8" writes, dropped) when the bytes are
 * valid UTF-8, otherwise GB18030, which Chinese Excel and WPS write for plain "CSV" (GBK and GB2312
 * are subsets of it).
 */
export function decodeText(bytes: Buffer): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    return iconv.decode(bytes, "gb18030");
  }
}

/**
 * RFC 4180 CSV in UTF-8 or GB18030: quoted fields may hold commas, quotes and line breaks.
 * Null for bytes with a NUL, which no text file holds (and PostgreSQL cannot store).
 */
export function readCsv(bytes: Buffer): SheetRow[] | null {
  if (bytes.includes(0)) return null;
  const text = decodeText(bytes);
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(field);
    rows.push({ line: rowLine, cells });
    cells = [];
    field = "";
    rowLine = line;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        field += c;
      }
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      cells.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      line++;
      endRow();
    } else field += c;
  }
  if (field !== "" || cells.length > 0) endRow();
  return rows;
}
