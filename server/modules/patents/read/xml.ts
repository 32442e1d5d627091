/**
 * Just enough XML for the parts of an .xlsx the import reads (the sheet, its shared strings, the
 * workbook, styles and relationships): element text is found by indexOf in the text as it streams,
 * not through a general parser, as a 100,000-row sheet is some two million cells.
 */

/** The UTF-8 bytes of a part as text, decoded across chunk boundaries. */
export async function* decoded(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** A part's text as it streams: `buf` from `at` is what is not consumed yet. */
export class XmlText {
  buf = "";
  at = 0;

  constructor(private readonly source: AsyncIterator<string>) {}

  /** Appends the next piece of text (dropping what is consumed); false once there is none. */
  async more(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    this.buf = this.at < this.buf.length ? this.buf.slice(this.at) + next.value : next.value;
    this.at = 0;
    return true;
  }

  /** Stops reading the part (its inflation and file reads) when it is left before its end. */
  async close(): Promise<void> {
    await this.source.return?.();
  }
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/gu;
/** OOXML's escape of a character XML cannot hold (_x000D_), in text of strings. */
const OOXML_ESCAPE = /_x([0-9A-Fa-f]{4})_/gu;

const character = (code: number, text: string): string => (code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : text);

/** Character data as XML means it: line ends as \n, the five named entities and character references replaced. */
export function decodeXml(raw: string): string {
  let text = raw.includes("\r") ? raw.replace(/\r\n?/gu, "\n") : raw;
  if (text.includes("&")) text = text.replace(ENTITY, (match, name: string | undefined, decimal: string | undefined, hex: string | undefined) => (name ? NAMED[name] : character(decimal ? Number(decimal) : parseInt(hex as string, 16), match)));
  return text;
}

/** The text of a string element (<t>): XML decoded, then OOXML's _xHHHH_ escapes. */
export function decodeString(raw: string): string {
  const text = decodeXml(raw);
  return text.includes("_x") ? text.replace(OOXML_ESCAPE, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/**
 * The value of attribute `name` in an element's start tag (`tag` is its text between the name and
 * ">"), decoded; undefined when the tag has none.
 */
export function attribute(tag: string, name: string): string | undefined {
  for (let at = tag.indexOf(name); at !== -1; at = tag.indexOf(name, at + name.length)) {
    if (at > 0 && !isSpace(tag.charCodeAt(at - 1))) continue;
    let next = at + name.length;
    while (isSpace(tag.charCodeAt(next))) next++;
    if (tag[next] !== "=") continue;
    next++;
    while (isSpace(tag.charCodeAt(next))) next++;
    const quote = tag[next];
    if (quote !== '"' && quote !== "'") continue;
    const end = tag.indexOf(quote, next + 1);
    if (end === -1) return undefined;
    const value = tag.slice(next + 1, end);
    return value.includes("&") ? decodeXml(value) : value;
  }
  return undefined;
}

/** Whether the element named at `at` (just past "<" and the name) ends its name there. */
export function nameEndsAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code === 62 /* > */ || code === 47 /* / */ || isSpace(code);
}

/**
 * The text of a string item (<si>, <is>; `xml` is what the element holds): its text runs (<t>)
 * joined, without the phonetic guide (<rPh>) East Asian Excel adds for readings, as Excel shows
 * the cell.
 */
export function runsText(xml: string): string {
  let text = "";
  let at = 0;
  let phonetic = xml.indexOf("<rPh");
  for (;;) {
    const open = xml.indexOf("<t", at);
    if (open === -1) return text;
    if (phonetic !== -1 && phonetic < open) {
      const closed = xml.indexOf("</rPh>", phonetic);
      if (closed === -1) return text;
      at = closed + 6;
      phonetic = xml.indexOf("<rPh", at);
      continue;
    }
    at = open + 2;
    if (!nameEndsAt(xml, at)) continue;
    const startEnd = xml.indexOf(">", at);
    if (startEnd === -1) return text;
    at = startEnd + 1;
    if (xml.charCodeAt(startEnd - 1) === 47) continue;
    const close = xml.indexOf("</t>", at);
    const end = close === -1 ? xml.length : close;
    text += decodeString(xml.slice(at, end));
    at = end + 4;
  }
}
