/**
 * CNIPA's TRS text export: each patent a `<REC>` line followed by `<字段>=值` lines, a value running
 * on over the lines after it until the next field. Read as a stream of decoded chunks.
 */
import { CELL_MAX_CHARS, RECORD_MAX_CHARS } from "./limits";

/** A record: the line of its `<REC>` and its fields in order, or the field (or "" for the record) that ran past the limits. */
export type TrsRecord = { line: number; fields: Map<string, string> } | { line: number; tooLong: string };

const RECORD_START = /^\s*<REC>\s*$/iu;
const FIELD = /^<([^<>=\s]{1,40})>=(.*)$/u;
/** Characters written without spaces between them (CJK and its punctuation), where a wrapped line joins the next directly. */
const UNSPACED = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

/** How a continuation line joins the value: the exports wrap long values at a width, so Chinese runs on and words get their space back. */
const joinerOf = (before: string, after: string) => (UNSPACED.test(before.slice(-1)) || UNSPACED.test(after[0]) ? "" : " ");

/** The lines of the text (CR, LF or CRLF), each with its number; a line past RECORD_MAX_CHARS comes back cut, with `cut` set. */
async function* lines(chunks: AsyncIterable<string>): AsyncGenerator<{ number: number; text: string; cut: boolean }> {
  let pending = "";
  let cut = false;
  let number = 1;
  let crAtEnd = false;
  for await (const chunk of chunks) {
    let at = crAtEnd && chunk[0] === "\n" ? 1 : 0;
    crAtEnd = false;
    const breaks = /\r\n|\r|\n/gu;
    breaks.lastIndex = at;
    for (let found = breaks.exec(chunk); found; found = breaks.exec(chunk)) {
      yield { number: number++, text: pending + chunk.slice(at, found.index), cut };
      pending = "";
      cut = false;
      at = found.index + found[0].length;
      if (found[0] === "\r" && at === chunk.length) crAtEnd = true;
    }
    if (!cut) {
      pending += chunk.slice(at);
      if (pending.length > RECORD_MAX_CHARS) {
        pending = pending.slice(0, RECORD_MAX_CHARS);
        cut = true;
      }
    }
  }
  if (pending !== "" || cut) yield { number, text: pending, cut };
}

/** The records of the text; lines before the first `<REC>` (a title, the query) are left out. */
export async function* trsRecords(chunks: AsyncIterable<string>): AsyncGenerator<TrsRecord> {
  let fields: Map<string, string> | null = null;
  let recordLine = 0;
  let recordChars = 0;
  let current: string | null = null;
  let tooLong: string | null = null;

  function end(): TrsRecord | null {
    if (!fields) return null;
    const record: TrsRecord = tooLong !== null ? { line: recordLine, tooLong } : { line: recordLine, fields };
    fields = null;
    return record;
  }
  const add = (name: string, text: string, continued: boolean) => {
    if (!fields || tooLong !== null) return;
    recordChars += text.length;
    const before = fields.get(name);
    // A field given twice (several applicant lines) keeps both, as the exports' own lists do.
    const value = before === undefined ? text : before + (continued ? joinerOf(before, text) : ";") + text;
    if (value.length > CELL_MAX_CHARS || recordChars > RECORD_MAX_CHARS) {
      tooLong = name;
      fields.clear();
    } else fields.set(name, value);
  };

  for await (const { number, text, cut } of lines(chunks)) {
    if (RECORD_START.test(text)) {
      const record = end();
      if (record) yield record;
      fields = new Map();
      recordLine = number;
      recordChars = 0;
      current = null;
      tooLong = null;
      continue;
    }
    if (!fields) continue;
    const field = FIELD.exec(text);
    if (field) {
      current = field[1];
      add(current, field[2].trim(), false);
    } else if (current !== null && text.trim() !== "") add(current, text.trim(), true);
    if (cut && tooLong === null) tooLong = current ?? "";
  }
  const record = end();
  if (record) yield record;
}
