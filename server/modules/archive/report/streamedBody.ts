import { randomUUID } from "node:crypto";
import { FileChild, Packer, type BaseXmlComponent, type Document, type IXmlableObject } from "docx";
import JSZip from "jszip";

/*
 * Why: the docx package writes a document from three whole copies of it at once: its components
 * (27 KB a visit record of the archive export), the objects they format to (21 KB) and the tree it
 * writes the XML from. An archive of 1,000 records held 60-90 MB while it was written, and the
 * server grew by 300 MB over five exports (issue 13). A StreamedBody writes the long part of a
 * document (the records) a slice at a time into XML text, so that only one slice's components
 * and objects live at once, and docx packs the document around it.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "'": "&apos;", "<": "&lt;", ">": "&gt;" };
const escapeValue = (value: unknown) =>
  // eslint-disable-next-line no-control-regex -- control characters are not allowed in XML 1.0; docx drops them too
  typeof value === "string" ? value.replace(/[&"'<>\x00-\x08\x0B\x0C\x0E-\x1F]/g, (char) => ESCAPES[char] ?? "") : value;

interface Resolved {
  name: string | undefined;
  attributes: string[];
  content: (Resolved | unknown)[];
}

/**
 * A formatted component's XML exactly as the docx package writes it unindented (its
 * stringifyXmlable, which is not exported), quirks included: an element given as a list is never
 * written empty-tagged, and a text among a list's elements takes the place of the element before
 * it. tests/unit/server/streamedBody.test.ts holds it to docx's own output.
 */
function resolve(data: IXmlableObject): Resolved {
  const name = Object.keys(data)[0];
  const values: unknown = name === undefined ? undefined : data[name];
  const attributes: string[] = [];
  const content: (Resolved | unknown)[] = [];
  const addAttributes = (attr: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(attr)) attributes.push(`${key}="${String(escapeValue(value))}"`);
  };
  if (typeof values === "object") {
    if (values !== null) {
      const { _attr: attr, _cdata: cdata } = values as { _attr?: Record<string, unknown>; _cdata?: string };
      if (attr) addAttributes(attr);
      if (cdata) content.push(`<![CDATA[${cdata.replace(/\]\]>/g, "]]]]><![CDATA[>")}]]>`);
      if (Array.isArray(values)) {
        let isStringContent = false;
        content.push("");
        for (const value of values as unknown[]) {
          if (typeof value === "object" && value !== null) {
            if (Object.keys(value)[0] === "_attr") addAttributes((value as { _attr: Record<string, unknown> })._attr);
            else content.push(resolve(value as IXmlableObject));
          } else {
            content.pop();
            isStringContent = true;
            content.push(escapeValue(value));
          }
        }
        if (!isStringContent) content.push("");
      }
    }
  } else {
    content.push(escapeValue(values));
  }
  return { name, attributes, content };
}

const isResolved = (element: unknown): element is Resolved => typeof element === "object" && element !== null;

function format(element: Resolved | unknown): string {
  if (!isResolved(element)) return String(element);
  const { name, attributes, content } = element;
  const open = (name ? `<${name}` : "") + (attributes.length > 0 ? ` ${attributes.join(" ")}` : "") + (content.length > 0 ? (name ? ">" : "") : "/>");
  if (content.length === 0) return open;
  return open + content.map((child) => (child === undefined ? "" : format(child))).join("") + (name ? `</${name}>` : "");
}

export const xmlOf = (formatted: IXmlableObject): string => format(resolve(formatted));

/** docx's placeholders, `{key}`, which it replaces with an image's relationship or a list's numbering once the part is written. */
const PLACEHOLDER = /\{([^{}]+)\}/g;
const RUN_TEXT = /<w:t xml:space="preserve">([^<]*)<\/w:t>/g;
const UNESCAPES: Record<string, string> = Object.fromEntries(Object.entries(ESCAPES).map(([char, entity]) => [entity, char]));
const unescapeText = (text: string) => text.replace(/&(?:amp|quot|apos|lt|gt);/g, (entity) => UNESCAPES[entity]);
const DOCUMENT_PART = "word/document.xml";

const textRun = (text: string): IXmlableObject => ({ "w:r": [{ "w:t": [{ _attr: { "xml:space": "preserve" } }, text] }] });

/**
 * Where the streamed body goes in the document: a paragraph that docx writes with a mark of its
 * own and, one a run, each placeholder the streamed XML holds, so that docx gives those images
 * their relationships and files and those lists their numbering as it does for its own, and the
 * runs tell what it wrote for each.
 */
class Slot extends FileChild {
  constructor(
    private readonly mark: string,
    private readonly placeholders: ReadonlySet<string>,
  ) {
    super("w:p");
  }

  override prepForXml(): IXmlableObject {
    return { "w:p": [textRun(this.mark), ...[...this.placeholders].map((key) => textRun(`{${key}}`))] };
  }
}

/**
 * The long part of a document's body, written a slice at a time: put `slot` where it goes among
 * the document's children, `write` its components in order (a container, such as a table whose
 * rows come in slices, with `wrap`), then `pack` the document.
 */
export class StreamedBody {
  private readonly mark = `streamed-body-${randomUUID()}`;
  private readonly placeholders = new Set<string>();
  private readonly parts: string[] = [];
  readonly slot: FileChild = new Slot(this.mark, this.placeholders);

  /** Writes components of the document's body (paragraphs, tables, or a table's rows within `wrap`); they may go once written. */
  write(document: Document, components: readonly BaseXmlComponent[]): void {
    for (const component of components) {
      const xml = this.xmlOf(document, component);
      if (xml !== undefined) this.parts.push(xml);
    }
  }

  /** Writes `container` around what `fill` writes: its own content first, then `fill`'s, then its end tag. */
  async wrap(document: Document, container: BaseXmlComponent, fill: () => Promise<void>): Promise<void> {
    const xml = this.xmlOf(document, container) ?? "";
    const end = `</${/^<([^\s/>]+)/.exec(xml)?.[1]}>`;
    if (!xml.endsWith(end)) throw new Error("StreamedBody.wrap: the container writes no element with content");
    this.parts.push(xml.slice(0, -end.length));
    await fill();
    this.parts.push(end);
  }

  private xmlOf(document: Document, component: BaseXmlComponent): string | undefined {
    const formatted = component.prepForXml({ file: document, viewWrapper: document.Document, stack: [] });
    if (!formatted) return undefined;
    const xml = xmlOf(formatted);
    for (const [, key] of xml.matchAll(PLACEHOLDER)) this.placeholders.add(key);
    return xml;
  }

  /**
   * The .docx: docx writes the document with the slot, which tells what its placeholders stand
   * for, and the body's XML (placeholders replaced alike) takes the slot's place in what it wrote.
   */
  async pack(document: Document): Promise<Buffer> {
    const zip = await JSZip.loadAsync(await Packer.toBuffer(document));
    const xml = await zip.file(DOCUMENT_PART)?.async("string");
    const at = xml?.indexOf(this.mark) ?? -1;
    if (!xml || at < 0) throw new Error("StreamedBody.pack: the document has not its slot");
    const start = xml.lastIndexOf("<w:p>", at);
    const end = xml.indexOf("</w:p>", at) + "</w:p>".length;
    const [mark, ...written] = [...xml.slice(start, end).matchAll(RUN_TEXT)].map(([, text]) => unescapeText(text));
    if (mark !== this.mark || written.length !== this.placeholders.size) throw new Error("StreamedBody.pack: the slot was written otherwise than expected");
    const replacements = new Map([...this.placeholders].map((key, i) => [key, written[i]]));
    const body = this.parts.map((part) => part.replace(PLACEHOLDER, (placeholder, key: string) => replacements.get(key) ?? placeholder));
    // One join: the document's text is built once, not once for the body and again around it.
    zip.file(DOCUMENT_PART, [xml.slice(0, start), ...body, xml.slice(end)].join(""));
    return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
  }
}
