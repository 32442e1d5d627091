/**
 * RFC 4180 CSV (or tab-separated text) read as a stream of decoded chunks: quoted fields may hold
 * the delimiter, doubled quotes and line breaks, and any of them may be split between chunks.
 */
import { CELL_MAX_CHARS, MAX_COLUMNS, RECORD_MAX_CHARS } from "./limits";

/** A record: its first line in the file and its cells, or the column whose cell (or the record) ran past the limits. */
export type CsvRecord = { line: number; cells: string[] } | { line: number; tooLong: number };

export type Delimiter = "," | "\t";

/** Tab-separated when the first line has more tabs than commas outside quotes (incoPat's and WPS's "text" exports). */
export function delimiterOf(firstLine: string): Delimiter {
  let tabs = 0;
  let commas = 0;
  let quoted = false;
  for (const c of firstLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === "\t") tabs++;
    else if (!quoted && c === ",") commas++;
  }
  return tabs > commas ? "\t" : ",";
}

/**
 * The records of the text, blank lines left out. A quote inside an unquoted field is kept as
 * written, and text after a closing quote joins the field, as Excel reads such files. A cell past
 * CELL_MAX_CHARS or a record past RECORD_MAX_CHARS stops being kept at once (an unclosed quote
 * runs to the end of the file, bounded all the way) and comes back as tooLong.
 */
export async function* csvRecords(chunks: AsyncIterable<string>, delimiter: Delimiter): AsyncGenerator<CsvRecord> {
  const special = delimiter === "," ? /[",\r\n]/gu : /["\t\r\n]/gu;
  const inQuotes = /["\n]/gu;
  let cells: string[] = [];
  let field = "";
  let recordChars = 0;
  let tooLong: number | null = null;
  let quoted = false;
  /** Whether the field has begun: a quote then is text, not an opening one (kept apart from `field`, which a tooLong record empties). */
  let fieldBegun = false;
  /** A quote met inside quotes at a chunk's end: the closing one, or the first of a doubled pair. */
  let quoteAtEnd = false;
  /** A CR ended the last chunk: a LF opening the next belongs to it. */
  let crAtEnd = false;
  let line = 1;
  let recordLine = 1;

  const append = (text: string) => {
    if (text === "") return;
    fieldBegun = true;
    if (tooLong !== null) return;
    recordChars += text.length;
    if (field.length + text.length > CELL_MAX_CHARS || recordChars > RECORD_MAX_CHARS) {
      tooLong = cells.length;
      cells = [];
      field = "";
    } else field += text;
  };
  const endField = () => {
    if (tooLong === null && cells.length < MAX_COLUMNS) cells.push(field);
    field = "";
    fieldBegun = false;
  };
  function endRecord(): CsvRecord | null {
    endField();
    const record: CsvRecord | null =
      tooLong !== null ? { line: recordLine, tooLong } : cells.some((cell) => cell !== "") ? { line: recordLine, cells } : null;
    cells = [];
    recordChars = 0;
    tooLong = null;
    recordLine = line;
    return record;
  }

  for await (const chunk of chunks) {
    let at = 0;
    if (crAtEnd) {
      crAtEnd = false;
      if (chunk[0] === "\n") at = 1;
    }
    if (quoteAtEnd) {
      quoteAtEnd = false;
      if (chunk[0] === '"') {
        append('"');
        at = 1;
      } else quoted = false;
    }
    while (at < chunk.length) {
      if (quoted) {
        inQuotes.lastIndex = at;
        const found = inQuotes.exec(chunk);
        if (!found) {
          append(chunk.slice(at));
          break;
        }
        append(chunk.slice(at, found.index));
        at = found.index + 1;
        if (found[0] === "\n") {
          line++;
          append("\n");
        } else if (at === chunk.length) quoteAtEnd = true;
        else if (chunk[at] === '"') {
          append('"');
          at++;
        } else quoted = false;
        continue;
      }
      special.lastIndex = at;
      const found = special.exec(chunk);
      if (!found) {
        append(chunk.slice(at));
        break;
      }
      append(chunk.slice(at, found.index));
      at = found.index + 1;
      const c = found[0];
      if (c === '"') {
        // Only a quote opening the field quotes it; elsewhere it is text.
        if (fieldBegun) append('"');
        else {
          quoted = true;
          fieldBegun = true;
        }
      } else if (c === delimiter) endField();
      else {
        if (c === "\r") {
          if (at === chunk.length) crAtEnd = true;
          else if (chunk[at] === "\n") at++;
        }
        line++;
        const record = endRecord();
        if (record) yield record;
      }
    }
  }
  if (fieldBegun || cells.length > 0 || tooLong !== null) {
    const record = endRecord();
    if (record) yield record;
  }
}
