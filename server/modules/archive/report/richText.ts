import { ImageRun, Paragraph, TextRun, type IRunOptions, type ParagraphChild } from "docx";
import { embeddedImage, imageKindOf, type EmbeddedImage } from "./images";

/** The numbering definitions (document.ts) that list items refer to. */
export const BULLET_LIST = "bullet-list";
export const NUMBERED_LIST = "numbered-list";

/** Platform pictures in stored rich text: <img src="/api/open/download/<id>">. */
const DOWNLOAD_SOURCE = /^\/api\/open\/download\/([A-Za-z0-9]+)$/;
const DATA_SOURCE = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/=\s]+)$/;
const TAG_OR_TEXT = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)/g;
const ATTRIBUTE = /([a-zA-Z-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/g;
const ENTITY = /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi;
const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const BLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "li", "tr", "table", "thead", "tbody", "ul", "ol"]);

/** The file ids of the platform pictures a stored HTML shows. */
export function imageIdsOf(html: string): string[] {
  const ids: string[] = [];
  for (const match of html.matchAll(/<img\b[^>]*>/gi)) {
    const id = DOWNLOAD_SOURCE.exec(attributesOf(match[0]).src ?? "")?.[1];
    if (id) ids.push(id);
  }
  return ids;
}

function decode(text: string): string {
  return text.replace(ENTITY, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const m of tag.matchAll(ATTRIBUTE)) attributes[m[1].toLowerCase()] = decode(m[3] ?? m[4] ?? m[5] ?? "");
  return attributes;
}

/** The run formatting a tag (or its inline style) adds to the text inside it. */
function marksOf(name: string, style: string): IRunOptions {
  const marks: { bold?: boolean; italics?: boolean; underline?: object; strike?: boolean } = {};
  if (name === "strong" || name === "b" || /^h[1-6]$/.test(name)) marks.bold = true;
  if (name === "em" || name === "i") marks.italics = true;
  if (name === "u" || name === "a" || /text-decoration:\s*underline/.test(style)) marks.underline = {};
  if (name === "s" || /text-decoration:\s*line-through/.test(style)) marks.strike = true;
  return marks;
}

/**
 * The rich text of a visit record (sanitised HTML, server/modules/archive/richText.ts) as Word
 * paragraphs: paragraphs, headings, line breaks, bold, italic, underline and strike-through,
 * bulleted and numbered lists, table rows as tab-separated lines, and pictures embedded from the
 * files given (by download id). The sanitiser has fixed the tag set, so a small tokenizer suffices.
 */
export class RichTextConverter {
  /** Each numbered list restarts at 1: it gets an instance of its own. */
  private listInstance = 0;

  constructor(
    private readonly images: ReadonlyMap<string, EmbeddedImage>,
    /** What stands for a picture that cannot be shown, in the reader's language. */
    private readonly missingImage: (alt: string | undefined) => string,
  ) {}

  convert(html: string): Paragraph[] {
    const paragraphs: Paragraph[] = [];
    const marks: { name: string; options: IRunOptions }[] = [];
    const lists: { ordered: boolean; instance: number }[] = [];
    let runs: ParagraphChild[] = [];
    let inItem = false;
    let cellsInRow = 0;

    const flush = () => {
      if (runs.length > 0) {
        const list = inItem ? lists.at(-1) : undefined;
        const numbering = list && { reference: list.ordered ? NUMBERED_LIST : BULLET_LIST, level: Math.min(lists.length - 1, 8), instance: list.instance };
        paragraphs.push(new Paragraph({ children: runs, ...(numbering ? { numbering } : {}) }));
      }
      runs = [];
    };
    const format = (): IRunOptions => Object.assign({}, ...marks.map((m) => m.options)) as IRunOptions;

    for (const [, closing, rawName, rest, text] of html.matchAll(TAG_OR_TEXT)) {
      if (text !== undefined) {
        const value = decode(text).replace(/\s+/g, " ");
        if (value.trim() || runs.length > 0) runs.push(new TextRun({ ...format(), text: value }));
        continue;
      }
      const name = rawName.toLowerCase();
      if (closing) {
        // The block ends with the formatting and list it was written in.
        if (BLOCKS.has(name)) flush();
        const at = marks.map((m) => m.name).lastIndexOf(name);
        if (at >= 0) marks.splice(at);
        if (name === "ul" || name === "ol") lists.pop();
        if (name === "li") inItem = false;
        continue;
      }
      const attributes = attributesOf(rest);
      if (name === "br") runs.push(new TextRun({ ...format(), break: 1 }));
      else if (name === "img") runs.push(this.image(attributes.src ?? "", attributes.alt));
      else if (name === "td" || name === "th") {
        if (cellsInRow++ > 0) runs.push(new TextRun({ ...format(), text: "\t" }));
      } else {
        if (BLOCKS.has(name)) flush();
        if (name === "tr") cellsInRow = 0;
        if (name === "ul" || name === "ol") lists.push({ ordered: name === "ol", instance: ++this.listInstance });
        if (name === "li") inItem = true;
        if (!rest.trimEnd().endsWith("/")) marks.push({ name, options: marksOf(name, attributes.style ?? "") });
      }
    }
    flush();
    return paragraphs;
  }

  /** The picture itself, or its alternative text when the file is gone or not a format Word shows. */
  private image(src: string, alt: string | undefined): ParagraphChild {
    const id = DOWNLOAD_SOURCE.exec(src)?.[1];
    let image = id ? this.images.get(id) : undefined;
    const inline = DATA_SOURCE.exec(src);
    if (!image && inline) {
      const kind = imageKindOf(inline[1]);
      if (kind) image = embeddedImage(kind, Buffer.from(inline[2], "base64"));
    }
    if (!image) return new TextRun({ text: this.missingImage(alt) });
    return new ImageRun({ type: image.kind, data: image.data, transformation: { width: image.width, height: image.height } });
  }
}
