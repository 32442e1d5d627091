/** What the editor's HTML holds, as a reader sees it. */
export interface EditorContent {
  /** The visible text, one line per block. */
  text: string;
  /** Characters of text, line breaks between blocks not counted: what a length limit applies to. */
  length: number;
  /** No visible text and no image: braft's empty document is `<p></p>`. */
  isEmpty: boolean;
}

const BLOCK_TAGS = new Set([
  "P", "DIV", "H1", "H2", "H3", "H4", "H5", "H6", "LI", "UL", "OL", "BLOCKQUOTE", "PRE", "TABLE", "TR", "HR",
]);
const MEDIA_SELECTOR = "img, video, audio, iframe, embed, object";
const EMPTY: EditorContent = { text: "", length: 0, isEmpty: true };

function collectText(node: Node, out: string[]): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      out.push(child.textContent ?? "");
    } else if (child instanceof Element) {
      if (child.tagName === "BR") {
        out.push("\n");
        continue;
      }
      const block = BLOCK_TAGS.has(child.tagName);
      if (block) out.push("\n");
      collectText(child, out);
      if (block) out.push("\n");
    }
  }
}

export function editorContent(html: string | null | undefined): EditorContent {
  if (!html || html === "<p></p>") return EMPTY;
  const body = new DOMParser().parseFromString(html, "text/html").body;
  const parts: string[] = [];
  collectText(body, parts);
  const lines = parts
    .join("")
    .split("\n")
    .filter((line) => line !== "");
  const text = lines.join("\n");
  const length = lines.reduce((sum, line) => sum + Array.from(line).length, 0);
  const isEmpty = text.trim() === "" && body.querySelector(MEDIA_SELECTOR) === null;
  return { text, length, isEmpty };
}

export const isEditorEmpty = (html: string | null | undefined): boolean => editorContent(html).isEmpty;

export const editorTextLength = (html: string | null | undefined): number => editorContent(html).length;
