import { PassThrough, Readable } from "node:stream";

/** A cell: text, a number, or empty. */
export type XlsxCell = string | number | null | undefined;

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Excel refuses a cell longer than this. */
const CELL_TEXT_MAX = 32767;
/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const SHEET_NAME_FORBIDDEN = /[:\\/?*[\]]/g;
/** Characters XML 1.0 cannot carry at all, even escaped. */
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";

function escapeXml(text: string): string {
  return text.replace(XML_INVALID, "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);
}

/** A, B, ..., Z, AA, AB, ... for the 0-based column index. */
function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(value: XlsxCell, ref: string, style: number): string {
  const s = style ? ` s="${style}"` : "";
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "number" && Number.isFinite(value)) return `<c r="${ref}"${s}><v>${value}</v></c>`;
  const text = Array.from(String(value)).slice(0, CELL_TEXT_MAX).join("");
  // Inline strings keep the package small: no shared-strings table to build.
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
}

const rowXml = (cells: readonly XlsxCell[], r: number, style: number) => `<row r="${r}">${cells.map((value, c) => cellXml(value, `${columnName(c)}${r}`, style)).join("")}</row>`;

/** Rows a piece of the sheet's XML holds: the reader takes a piece at a time, as the zip has room. */
const ROWS_A_PIECE = 250;

/** The sheet's XML, a piece at a time as the batches of rows come. */
async function* sheetXml(header: readonly string[], batches: Rows): AsyncGenerator<Buffer> {
  // The header stays in view while scrolling.
  const views = '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
  yield Buffer.from(`${XML_HEAD}<worksheet xmlns="${MAIN_NS}">${views}<sheetData>${rowXml(header, 1, 1)}`);
  let r = 1;
  for await (const batch of batches) {
    for (let at = 0; at < batch.length; at += ROWS_A_PIECE) {
      yield Buffer.from(
        batch
          .slice(at, at + ROWS_A_PIECE)
          .map((cells) => rowXml(cells, ++r, 0))
          .join(""),
      );
    }
  }
  yield Buffer.from("</sheetData></worksheet>");
}

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  "</Types>";

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  "</Relationships>";

const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  "</Relationships>";

/** Two cell formats: 0 plain, 1 bold (the header row). */
const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  '<fonts count="2"><font><sz val="11"/><name val="宋体"/></font><font><b/><sz val="11"/><name val="宋体"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  "</styleSheet>";

function workbookXml(sheetName: string): string {
  const name = sheetName.replace(SHEET_NAME_FORBIDDEN, " ").slice(0, 31).trim() || "Sheet1";
  return `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeXml(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

/** The rows of a sheet in batches, as a database gives them (or all in one). */
export type Rows = AsyncIterable<readonly (readonly XlsxCell[])[]> | Iterable<readonly (readonly XlsxCell[])[]>;

/** Rows read in batches as a sheet's rows, numbered across the batches from 0 (an export's 序号 column). */
export async function* numberedRows<T>(batches: AsyncIterable<readonly T[]>, row: (item: T, index: number) => XlsxCell[]): AsyncGenerator<XlsxCell[][]> {
  let index = 0;
  for await (const batch of batches) yield batch.map((item) => row(item, index++));
}

/**
 * A one-sheet .xlsx workbook (Office Open XML, the minimal package Excel, WPS and LibreOffice
 * open) as a download: a bold header row that stays in view, then the rows; numbers stay numbers,
 * everything else is text. The rows are read and written as the client reads: archiver's zip takes
 * the sheet's XML only as fast as its output is read, and compresses it off the event loop, so the
 * workbook is never whole in memory and the process answers other calls meanwhile. When the
 * download is destroyed (the client has gone) the rows are read no further. A failure part-way
 * (reading the rows) can only break the download: it is handed to `failed` and destroys it.
 */
export async function xlsxDownload(sheetName: string, header: readonly string[], rows: Rows, failed: (error: unknown) => void): Promise<Readable> {
  // Loaded with the first download, not with the server: most processes never export.
  const { default: archiver } = await import("archiver");
  const download = new PassThrough();
  // Bytes, not objects: the sheet's reader holds one piece at a time.
  const sheet = Readable.from(sheetXml(header, rows), { objectMode: false });
  const zip = archiver("zip");
  let broken = false;
  const fail = (error: Error) => {
    if (broken) return;
    broken = true;
    failed(error);
    download.destroy(error);
  };
  sheet.on("error", fail);
  zip.on("error", fail);
  download.once("close", () => {
    if (download.writableFinished) return;
    // Gone before the end: the rows' reader stops (the rows' iterator is closed), and so does the zip.
    sheet.destroy();
    zip.abort();
  });
  zip.pipe(download);
  zip.append(CONTENT_TYPES, { name: "[Content_Types].xml" });
  zip.append(ROOT_RELS, { name: "_rels/.rels" });
  zip.append(workbookXml(sheetName), { name: "xl/workbook.xml" });
  zip.append(WORKBOOK_RELS, { name: "xl/_rels/workbook.xml.rels" });
  zip.append(STYLES, { name: "xl/styles.xml" });
  zip.append(sheet, { name: "xl/worksheets/sheet1.xml" });
  void zip.finalize().catch(fail);
  return download;
}
