import { AppError } from "../../errors";
import { ZipMessages, ZipRefusal, openZip, type ZipPackage } from "../files/zipReader";

/** A row of an uploaded table: its line in the file (1 = the header) and its cells as text. */
export interface SheetRow {
  line: number;
  cells: string[];
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== "#") return XML_ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1].toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    // XML has no NUL and nothing beyond Unicode: a file naming one gets the replacement character.
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
  });
}

/** The text of a shared or inline string: its <t> runs (phonetic hints left out). */
function stringItemText(xml: string): string {
  const withoutPhonetics = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, "");
  return [...withoutPhonetics.matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>|<t\b[^>]*\/>/g)].map((m) => decodeXml(m[1] ?? "")).join("");
}

/** Column A = 0, B = 1, ..., AA = 26 from a cell reference like "AB12". */
function columnIndex(ref: string): number {
  let index = 0;
  for (const letter of ref.replace(/\d+$/, "")) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/** The workbook's first sheet, found through the workbook's relationships. */
async function firstSheetXml(zip: ZipPackage): Promise<string | undefined> {
  const workbook = await zip.text("xl/workbook.xml");
  const rels = await zip.text("xl/_rels/workbook.xml.rels");
  const sheetTag = workbook ? /<sheet\b[^>]*>/.exec(workbook)?.[0] : undefined;
  const relId = sheetTag ? attribute(sheetTag, "r:id") : undefined;
  const relTag = relId && rels ? [...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => m[0]).find((tag) => attribute(tag, "Id") === relId) : undefined;
  const target = relTag ? attribute(relTag, "Target") : undefined;
  const path = target ? (target.startsWith("/") ? target.slice(1) : `xl/${target}`) : "xl/worksheets/sheet1.xml";
  return zip.text(path);
}

/**
 * The rows of an .xlsx file's first sheet: shared strings, inline strings and numbers as text.
 * The package is read through the bounded zip reader: a damaged one is null, a zip bomb refused.
 */
export async function readXlsx(bytes: Buffer): Promise<SheetRow[] | null> {
  let sheet: string | undefined;
  let sharedXml: string;
  try {
    const zip = await openZip(bytes);
    sheet = await firstSheetXml(zip);
    if (sheet === undefined) return null;
    sharedXml = (await zip.text("xl/sharedStrings.xml")) ?? "";
  } catch (error) {
    if (!(error instanceof ZipRefusal)) throw error;
    if (error.reason === "unreadable") return null;
    throw AppError.badRequest(ZipMessages.tooLarge);
  }
  const shared = [...sharedXml.matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>/g)].map((m) => stringItemText(m[1]));
  const rows: SheetRow[] = [];
  for (const [index, row] of [...sheet.matchAll(/<row\b([^>]*)>([\s\S]*?)<\/row>/g)].entries()) {
    const line = Number(attribute(row[1], "r") ?? index + 1);
    const cells: string[] = [];
    for (const cell of row[2].matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const ref = attribute(cell[1], "r");
      const type = attribute(cell[1], "t");
      const body = cell[2] ?? "";
      const value = decodeXml(/<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? "");
      const text = type === "s" ? (shared[Number(value)] ?? "") : type === "inlineStr" ? stringItemText(body) : value;
      cells[ref ? columnIndex(ref) : cells.length] = text;
    }
    rows.push({ line, cells: Array.from(cells, (c) => c ?? "") });
  }
  return rows;
}

/**
 * RFC 4180 CSV (UTF-8, an optional BOM): quoted fields may hold commas, quotes and line breaks.
 * Null for bytes with a NUL, which no text file holds (and PostgreSQL cannot store).
 */
export function readCsv(bytes: Buffer): SheetRow[] | null {
  if (bytes.includes(0)) return null;
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
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
