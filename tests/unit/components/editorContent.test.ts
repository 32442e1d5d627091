import { describe, expect, it } from "vitest";
import { editorContent, editorTextLength, isEditorEmpty } from "../../../src/components/RichTextEditor";

describe("isEditorEmpty", () => {
  it("reports the editor's empty document, a single empty paragraph, as empty", () => {
    expect(isEditorEmpty("<p></p>")).toBe(true);
  });

  it("treats no value, blank paragraphs and line breaks as empty", () => {
    expect(isEditorEmpty(undefined)).toBe(true);
    expect(isEditorEmpty("")).toBe(true);
    expect(isEditorEmpty("<p>   </p><p><br></p>")).toBe(true);
  });

  it("reports text and images as content", () => {
    expect(isEditorEmpty("<p>走访记录</p>")).toBe(false);
    expect(isEditorEmpty('<p></p><div class="media-wrap image-wrap"><img src="/api/open/download/a"/></div><p></p>')).toBe(false);
  });
});

describe("editorContent", () => {
  it("gives the visible text one line per block, without markup or entities", () => {
    const content = editorContent("<h2>会谈</h2><p><strong>华芯</strong>半导体 &amp; 封测</p><ul><li>一</li><li>二</li></ul>");
    expect(content.text).toBe("会谈\n华芯半导体 & 封测\n一\n二");
    expect(content.isEmpty).toBe(false);
  });

  it("counts characters of text only: markup and line breaks between blocks do not count", () => {
    expect(editorTextLength('<p><span style="color:#e25041">红色</span>文字</p><p>ab</p>')).toBe(6);
    expect(editorTextLength("<p>a<br>b</p>")).toBe(2);
  });

  it("counts a character outside the basic plane once", () => {
    expect(editorTextLength("<p>芯片😀</p>")).toBe(3);
  });

  it("reaches exactly 1000 for 1000 characters spread over paragraphs", () => {
    const html = `<p>${"专".repeat(600)}</p><p>${"利".repeat(400)}</p>`;
    expect(editorTextLength(html)).toBe(1000);
  });
});
