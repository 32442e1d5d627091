/**
 * The rows of an .xlsx export's first worksheet. The package is opened through the bounded zip
 * reader (files/zipReader.ts), whose directory is checked against EXPORT_PACKAGE_LIMITS before
 * anything is inflated; the shared strings are read first, into a file of their own
 * (SharedStrings), then the sheet is inflated and its rows read a piece of XML at a time: a sheet
 * of 100,000 patents is never whole in memory, nor unpacked to the disk. Only what a cell shows
 * is read: its text, number or date (by its style's number format); no formatting, formulas or
 * links.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { openZipFile, ZipRefusal, type ZipPackage } from "../../files/zipReader";
import { CELL_MAX_CHARS, EXPORT_PACKAGE_LIMITS, MAX_COLUMNS, RECORD_MAX_CHARS } from "./limits";
import { SharedStrings } from "./sharedStrings";
import { UnreadableExport } from "./types";
import { attribute, decoded, decodeXml, nameEndsAt, runsText, XmlText } from "./xml";

/** A cell as the record builder takes it: text, a number, or a date (date-formatted cells). */
export type XlsxCell = string | number | Date | null;

/** A row with its cells, or one whose text passes RECORD_MAX_CHARS (at that column, 0-based), unkept. */
export type XlsxRow = { line: number; cells: XlsxCell[] } | { line: number; tooLong: number };

/** The small parts (workbook, relationships, styles) are read whole, up to this. */
const SMALL_PART_BYTES = 16 * 1024 * 1024;
/**
 * Characters of XML one cell or shared string may take: its text at CELL_MAX_CHARS written all in
 * the longest character references (&#x10FFFF;) is ten times that, and formatting runs add some.
 * Past this the element is skipped unkept and reads as too long.
 */
const ELEMENT_MAX_CHARS = CELL_MAX_CHARS * 20;
/** Text kept of a cell: one past Excel's own limit, which the record reader then reports as too long. */
const CELL_KEPT_CHARS = CELL_MAX_CHARS + 1;
/** What a cell or string whose XML passes ELEMENT_MAX_CHARS reads as: longer than any cell may be. */
const OVERLONG = " ".repeat(CELL_KEPT_CHARS);
/** `<dimension ref="A1:Z100001"/>`: the sheet's last row, as the writer declared it. */
const DIMENSION = /<dimension\s+ref="[A-Z]+\d+(?::[A-Z]+(\d+))?"/u;
/** Characters kept of the sheet's head while looking for <sheetData>: enough for the dimension. */
const HEAD_TAIL_CHARS = 256;

const RELATIONSHIP_TYPES = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/";
/** Built-in number formats that show dates or times (Excel's, and those of its East Asian editions). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

const unreadable = (detail: string) => new UnreadableExport("unreadable", detail);
const cut = (text: string) => (text.length > CELL_KEPT_CHARS ? text.slice(0, CELL_KEPT_CHARS) : text);

/** Whether a custom number format shows a date or time: y, m, d, h or s outside quoted text and [colours]. */
function isDateFormat(code: string): boolean {
  return /[ymdhs]/iu.test(code.replace(/\[[^\]]*\]/gu, "").replace(/"[^"]*"/gu, "").replace(/\\./gu, ""));
}

/** Each element `<name …>` of `xml` as its start tag's text (attributes) — for the small parts. */
function* startTags(xml: string, name: string): Generator<string> {
  for (let at = xml.indexOf(`<${name}`); at !== -1; at = xml.indexOf(`<${name}`, at + 1)) {
    if (!nameEndsAt(xml, at + name.length + 1)) continue;
    const end = xml.indexOf(">", at);
    if (end === -1) return;
    yield xml.slice(at + name.length + 1, end);
  }
}

/** What the first element `<name>` of `xml` holds, or "" when there is none. */
function section(xml: string, name: string): string {
  for (let at = xml.indexOf(`<${name}`); at !== -1; at = xml.indexOf(`<${name}`, at + 1)) {
    if (!nameEndsAt(xml, at + name.length + 1)) continue;
    const start = xml.indexOf(">", at);
    if (start === -1 || xml.charCodeAt(start - 1) === 47) return "";
    const end = xml.indexOf(`</${name}>`, start);
    return end === -1 ? "" : xml.slice(start + 1, end);
  }
  return "";
}

interface Workbook {
  sheet: string;
  sharedStrings: string | null;
  styles: string | null;
  date1904: boolean;
}

/** The parts the first worksheet needs, as the workbook and its relationships name them. */
async function workbookOf(zip: ZipPackage): Promise<Workbook> {
  const book = (await zip.text("xl/workbook.xml", SMALL_PART_BYTES)) ?? "";
  const rels = (await zip.text("xl/_rels/workbook.xml.rels", SMALL_PART_BYTES)) ?? "";
  const targets = new Map<string, { type: string; path: string }>();
  for (const tag of startTags(rels, "Relationship")) {
    const id = attribute(tag, "Id");
    const target = attribute(tag, "Target");
    if (id === undefined || target === undefined) continue;
    // A target is relative to xl/, or absolute from the package's root.
    const path = target.startsWith("/") ? target.slice(1) : posix.normalize(posix.join("xl", target));
    targets.set(id, { type: attribute(tag, "Type") ?? "", path });
  }
  const byType = (type: string) => [...targets.values()].find((target) => target.type === RELATIONSHIP_TYPES + type)?.path;
  const [first] = startTags(section(book, "sheets"), "sheet");
  const firstId = first === undefined ? undefined : (attribute(first, "r:id") ?? /\s[\w]+:id\s*=\s*["']([^"']*)["']/u.exec(first)?.[1]);
  const sheet = (firstId === undefined ? undefined : targets.get(firstId)?.path) ?? "xl/worksheets/sheet1.xml";
  const [properties] = startTags(book, "workbookPr");
  const date1904 = properties !== undefined && ["1", "true"].includes(attribute(properties, "date1904") ?? "");
  const sharedStrings = byType("sharedStrings") ?? "xl/sharedStrings.xml";
  const styles = byType("styles") ?? "xl/styles.xml";
  return { sheet, sharedStrings: zip.has(sharedStrings) ? sharedStrings : null, styles: zip.has(styles) ? styles : null, date1904 };
}

/** For each cell style (the `s` of a cell), whether its number format shows a date. */
async function dateStylesOf(zip: ZipPackage, path: string | null): Promise<boolean[]> {
  const styles = path === null ? "" : ((await zip.text(path, SMALL_PART_BYTES)) ?? "");
  const custom = new Map<number, boolean>();
  for (const tag of startTags(section(styles, "numFmts"), "numFmt")) {
    custom.set(Number(attribute(tag, "numFmtId")), isDateFormat(attribute(tag, "formatCode") ?? ""));
  }
  return [...startTags(section(styles, "cellXfs"), "xf")].map((tag) => {
    const id = Number(attribute(tag, "numFmtId") ?? 0);
    return custom.get(id) ?? DATE_FORMAT_IDS.has(id);
  });
}

/** A part's text as it streams. */
function partText(zip: ZipPackage, path: string): AsyncIterable<string> {
  const chunks = zip.chunks(path);
  if (!chunks) throw unreadable(`no ${path}`);
  return decoded(chunks);
}

/**
 * A parser of a part's text that consumes, without waiting, every element the text it is given
 * holds: step() answers where it stopped (the start of an element not all there yet), and is
 * called again once more of the part has come, from there.
 */
interface Step {
  /** `ended`: no more text will come (what is there is all there is to tell an element by). */
  step(buf: string, at: number, ended: boolean): number;
  /** Set once the elements it reads have all come (what follows is not its concern). */
  done: boolean;
}

/**
 * Feeds a part's text to `parser` until the parser is done, coming back after each step (for the
 * sheet to hand on its rows), then reads the rest of the part, so that its checksum is checked.
 */
async function* steps(xml: XmlText, parser: Step): AsyncGenerator<void> {
  for (let ended = false; ; ) {
    xml.at = parser.step(xml.buf, xml.at, ended);
    yield;
    if (parser.done) break;
    if (ended) throw unreadable("the XML ends inside an element");
    ended = !(await xml.more());
  }
  xml.at = xml.buf.length;
  while (await xml.more()) xml.at = xml.buf.length;
}

/** Where a start tag from `open` that has no ">" yet should be waited for; past ELEMENT_MAX_CHARS it never will. */
function unfinishedTag(buf: string, open: number): number {
  if (buf.length - open > ELEMENT_MAX_CHARS) throw unreadable("a start tag does not end");
  return open;
}

/**
 * Characters after "<" that tell which element it starts (the longest name looked for, </sheetData,
 * with one to spare), so that a name cut by the end of a piece of text is waited for.
 */
const LOOKAHEAD = 12;

/** Where the shared strings go as they are read, and where a cell finds its own. */
export interface StringTable {
  add(text: string): void;
  get(index: number): string | null;
}

/** The shared-string table, into `strings`, each cut to what a cell keeps. */
class SharedStringsParser implements Step {
  done = false;
  /** A string too long to keep, skipped to its end tag. */
  private skipping = false;

  constructor(private readonly strings: Pick<StringTable, "add">) {}

  step(buf: string, from: number, ended: boolean): number {
    let at = from;
    if (this.skipping) {
      const end = buf.indexOf("</si>", at);
      if (end === -1) return Math.max(at, buf.length - 4);
      this.skipping = false;
      at = end + 5;
    }
    for (;;) {
      const open = buf.indexOf("<", at);
      if (open === -1) return buf.length;
      if (open + LOOKAHEAD > buf.length && !ended) return open;
      if (buf.startsWith("</sst", open)) {
        this.done = true;
        return open;
      }
      if (buf.startsWith("<sst", open) && nameEndsAt(buf, open + 4)) {
        // A table of no strings is an empty element.
        const tagEnd = buf.indexOf(">", open);
        if (tagEnd === -1) return unfinishedTag(buf, open);
        this.done = buf.charCodeAt(tagEnd - 1) === 47;
        if (this.done) return tagEnd + 1;
        at = tagEnd + 1;
        continue;
      }
      if (!buf.startsWith("<si", open) || !nameEndsAt(buf, open + 3)) {
        at = open + 1;
        continue;
      }
      const tagEnd = buf.indexOf(">", open);
      if (tagEnd === -1) return unfinishedTag(buf, open);
      if (buf.charCodeAt(tagEnd - 1) === 47) {
        this.strings.add("");
        at = tagEnd + 1;
        continue;
      }
      const end = buf.indexOf("</si>", tagEnd);
      if (end === -1) {
        if (buf.length - open <= ELEMENT_MAX_CHARS) return open;
        this.strings.add(OVERLONG);
        this.skipping = true;
        return buf.length - 4;
      }
      this.strings.add(cut(runsText(buf.slice(tagEnd + 1, end))));
      at = end + 5;
    }
  }
}

/** A cell reference's column (B7 -> 1), or undefined when it names none. */
function columnOf(reference: string): number | undefined {
  let column = 0;
  let at = 0;
  for (; at < reference.length; at++) {
    const code = reference.charCodeAt(at) & ~32;
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return at === 0 ? undefined : column - 1;
}

/** What a cell's <v> holds, or null when it has none (an empty cell, a formula never calculated). */
function valueText(xml: string): string | null {
  let at = xml.indexOf("<v");
  while (at !== -1 && !nameEndsAt(xml, at + 2)) at = xml.indexOf("<v", at + 2);
  if (at === -1) return null;
  const open = xml.indexOf(">", at);
  if (open === -1 || xml.charCodeAt(open - 1) === 47) return "";
  const close = xml.indexOf("</v>", open);
  return xml.slice(open + 1, close === -1 ? xml.length : close);
}

export interface SheetContext {
  strings: Pick<StringTable, "get">;
  dateStyles: readonly boolean[];
  date1904: boolean;
}

/** A serial day number as Excel counts them, as a date (UTC midnight for a whole day). */
const excelDate = (serial: number, date1904: boolean) => new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/** The value a cell shows, from its type (`t`), style (`s`) and what it holds. */
function cellValue(xml: string, type: string | undefined, style: string | undefined, sheet: SheetContext): XlsxCell {
  if (type === "inlineStr") return cut(runsText(xml));
  const value = valueText(xml);
  if (value === null) return null;
  switch (type) {
    case "s":
      return sheet.strings.get(Number(value));
    case "str":
    case "d":
      return cut(decodeXml(value));
    case "b":
      return value.trim() === "0" ? "false" : "true";
    case "e":
      return null;
    default: {
      const number = value.trim() === "" ? Number.NaN : Number(value);
      if (Number.isNaN(number)) return null;
      return style !== undefined && sheet.dateStyles[Number(style)] ? excelDate(number, sheet.date1904) : number;
    }
  }
}

const blank = (cell: XlsxCell) => cell === null || cell === "";

/** The rows of the sheet's <sheetData>, each handed on (in `rows`) once its end tag has come. */
class RowsParser implements Step {
  done = false;
  rows: XlsxRow[] = [];
  private cells: XlsxCell[] | null = null;
  private line = 0;
  private column = 0;
  private chars = 0;
  private tooLong = -1;
  /** A cell too long to keep, skipped to its end tag. */
  private skipping = false;

  constructor(private readonly sheet: SheetContext) {}

  step(buf: string, from: number, ended: boolean): number {
    let at = from;
    if (this.skipping) {
      const end = buf.indexOf("</c>", at);
      if (end === -1) return Math.max(at, buf.length - 3);
      this.skipping = false;
      at = end + 4;
    }
    for (;;) {
      const open = buf.indexOf("<", at);
      if (open === -1) return buf.length;
      if (open + LOOKAHEAD > buf.length && !ended) return open;
      const code = buf.charCodeAt(open + 1);
      if (code === 99 /* c */ && nameEndsAt(buf, open + 2)) {
        const tagEnd = buf.indexOf(">", open);
        if (tagEnd === -1) return unfinishedTag(buf, open);
        const tag = buf.slice(open + 2, tagEnd);
        let value: XlsxCell = null;
        if (buf.charCodeAt(tagEnd - 1) === 47) {
          at = tagEnd + 1;
        } else {
          const end = buf.indexOf("</c>", tagEnd);
          if (end === -1 && buf.length - open <= ELEMENT_MAX_CHARS) return open;
          if (end === -1) {
            value = OVERLONG;
            this.skipping = true;
            at = buf.length - 3;
          } else {
            value = cellValue(buf.slice(tagEnd + 1, end), attribute(tag, "t"), attribute(tag, "s"), this.sheet);
            at = end + 4;
          }
        }
        const reference = attribute(tag, "r");
        this.cell((reference === undefined ? undefined : columnOf(reference)) ?? this.column, value);
        if (this.skipping) return at;
      } else if (code === 114 /* r */ && buf.startsWith("row", open + 1) && nameEndsAt(buf, open + 4)) {
        const tagEnd = buf.indexOf(">", open);
        if (tagEnd === -1) return unfinishedTag(buf, open);
        const number = Number(attribute(buf.slice(open + 4, tagEnd), "r"));
        this.line = Number.isInteger(number) && number > this.line ? number : this.line + 1;
        at = tagEnd + 1;
        if (buf.charCodeAt(tagEnd - 1) === 47) continue;
        this.cells = [];
        this.column = 0;
        this.chars = 0;
        this.tooLong = -1;
      } else if (buf.startsWith("</row>", open)) {
        at = open + 6;
        const { cells, line } = this;
        if (cells === null) continue;
        if (this.tooLong !== -1) this.rows.push({ line, tooLong: this.tooLong });
        else if (!cells.every(blank)) this.rows.push({ line, cells });
        this.cells = null;
      } else if (buf.startsWith("</sheetData", open)) {
        this.done = true;
        return open;
      } else {
        at = open + 1;
      }
    }
  }

  /** A cell of the row being read, kept unless past MAX_COLUMNS or, with the row's cells before it, RECORD_MAX_CHARS. */
  private cell(column: number, value: XlsxCell): void {
    this.column = column + 1;
    const { cells } = this;
    if (cells === null || this.tooLong !== -1 || column >= MAX_COLUMNS || value === null) return;
    if (typeof value === "string") {
      this.chars += value.length;
      if (this.chars > RECORD_MAX_CHARS) {
        this.tooLong = column;
        return;
      }
    }
    while (cells.length < column) cells.push(null);
    cells[column] = value;
  }

  /** The rows read since last asked. */
  *take(): Generator<XlsxRow> {
    const { rows } = this;
    this.rows = [];
    yield* rows;
  }
}

/** The shared strings of a table's XML (`text` as it streams), each added to `strings` in order. */
export async function readSharedStrings(text: AsyncIterable<string>, strings: Pick<StringTable, "add">): Promise<void> {
  const xml = new XmlText(text[Symbol.asyncIterator]());
  try {
    // The parser hands on each string as it reads it: nothing is left to do between steps.
    for await (const _ of steps(xml, new SharedStringsParser(strings))) continue;
  } finally {
    await xml.close();
  }
}

/**
 * The rows that hold anything of a worksheet's XML (`text` as it streams); `onTotal` hears the
 * declared last row (<dimension>) before the first row.
 */
export async function* worksheetRows(text: AsyncIterable<string>, sheet: SheetContext, onTotal?: (rows: number | null) => void): AsyncGenerator<XlsxRow> {
  const xml = new XmlText(text[Symbol.asyncIterator]());
  try {
    let total: number | null = null;
    let tail = "";
    for (;;) {
      const data = xml.buf.indexOf("<sheetData", xml.at);
      const piece = tail + xml.buf.slice(xml.at, data === -1 ? undefined : data);
      if (total === null) {
        const found = DIMENSION.exec(piece);
        if (found) total = Number(found[1] ?? 1);
      }
      if (data !== -1) {
        xml.at = data;
        break;
      }
      tail = piece.slice(-HEAD_TAIL_CHARS);
      // "<sheetData" may be cut by the piece's end.
      xml.at = Math.max(xml.at, xml.buf.length - 10);
      if (!(await xml.more())) {
        onTotal?.(total);
        return;
      }
    }
    onTotal?.(total);
    let dataTagEnd = xml.buf.indexOf(">", xml.at);
    while (dataTagEnd === -1) {
      const searched = xml.buf.length - xml.at;
      if (!(await xml.more())) throw unreadable("the sheet ends in <sheetData>");
      dataTagEnd = xml.buf.indexOf(">", searched);
    }
    if (xml.buf.charCodeAt(dataTagEnd - 1) === 47) return;
    xml.at = dataTagEnd + 1;
    const rows = new RowsParser(sheet);
    for await (const _ of steps(xml, rows)) yield* rows.take();
  } finally {
    await xml.close();
  }
}

/**
 * The first worksheet's rows that hold anything, each with its row number. `onTotal` hears the
 * sheet's declared last row before the first row comes. Leaving the loop early closes the file.
 * The shared strings' file is in a directory of the system's temporary one (`os.tmpdir()`, which
 * the import's reader thread points into a directory of its own), removed when the reading ends.
 * Throws UnreadableExport for a package past its bounds, damaged or without a worksheet.
 */
export async function* xlsxRows(path: string, onTotal?: (rows: number | null) => void): AsyncGenerator<XlsxRow> {
  let opened: Awaited<ReturnType<typeof openZipFile>>;
  try {
    opened = await openZipFile(path, EXPORT_PACKAGE_LIMITS);
  } catch (error) {
    if (error instanceof ZipRefusal) throw new UnreadableExport(error.reason, error.message);
    throw error;
  }
  const { zip } = opened;
  let dir: string | null = null;
  let strings: SharedStrings | null = null;
  try {
    const book = await workbookOf(zip);
    const dateStyles = await dateStylesOf(zip, book.styles);
    dir = await mkdtemp(join(tmpdir(), "patent-xlsx-"));
    strings = new SharedStrings(join(dir, "shared-strings"));
    if (book.sharedStrings !== null) await readSharedStrings(partText(zip, book.sharedStrings), strings);
    strings.flush();
    if (!zip.has(book.sheet)) throw new UnreadableExport("empty", "no worksheet");
    yield* worksheetRows(partText(zip, book.sheet), { strings, dateStyles, date1904: book.date1904 }, onTotal);
  } catch (error) {
    if (error instanceof UnreadableExport) throw error;
    if (error instanceof ZipRefusal) throw new UnreadableExport(error.reason, error.message);
    throw unreadable((error as Error).message);
  } finally {
    strings?.close();
    await opened.close();
    if (dir !== null) await rm(dir, { recursive: true, force: true });
  }
}
