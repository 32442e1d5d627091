import { Document, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType, type FileChild } from "docx";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { StreamedBody } from "../../../../server/modules/archive/report/streamedBody";

/** A 2 x 3 pixel PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEklEQVR4nGP4z8DAwMDAxMDAAAAfAAMBU2A3ZgAAAABJRU5ErkJggg==",
  "base64",
);
const LIST = "bullet";

const documentWith = (children: FileChild[]) =>
  new Document({
    numbering: { config: [{ reference: LIST, levels: [{ level: 0, text: "•" }] }] },
    sections: [{ children }],
  });

/** What the streamed part holds: text docx escapes or drops, braces of its own, lists that restart, a picture, and a table's rows. */
const header = () => new TableRow({ tableHeader: true, children: ["序号", "内容"].map((label) => new TableCell({ width: { size: 50, type: WidthType.PERCENTAGE }, children: [new Paragraph(label)] })) });
const row = (i: number) => new TableRow({ cantSplit: true, children: [String(i), `第 ${i} 行 <&> "引号" {括号}`].map((text) => new TableCell({ children: [new Paragraph(text)] })) });
const paragraphs = (i: number) => [
  new Paragraph({ children: [new TextRun({ text: `记录 ${i}：a < b & c > d, 'x' "y" \u0001{not-a-key}`, bold: true }), new TextRun({ text: "下一行", break: 1 })] }),
  new Paragraph({ numbering: { reference: LIST, level: 0, instance: i }, children: [new TextRun(`列表 ${i}`)] }),
  ...(i === 2 ? [new Paragraph({ children: [new ImageRun({ type: "png", data: PNG, transformation: { width: 2, height: 3 } })] })] : []),
];

const DRAWING_ID = /<wp:docPr id="(\d+)"/g;

/**
 * Every part of a .docx but its core properties, which carry the time it was written. A picture's
 * drawing id comes from a count docx keeps for the whole process, so it is read apart.
 */
async function partsOf(file: Buffer): Promise<{ parts: Map<string, string>; drawingIds: string[] }> {
  const zip = await JSZip.loadAsync(file);
  const names = Object.keys(zip.files).filter((name) => !zip.files[name].dir && name !== "docProps/core.xml");
  const parts = new Map(await Promise.all(names.map(async (name) => [name, await zip.file(name)!.async("base64")] as const)));
  const document = await zip.file("word/document.xml")!.async("string");
  parts.set("word/document.xml", document.replace(DRAWING_ID, '<wp:docPr id=""'));
  return { parts, drawingIds: [...document.matchAll(DRAWING_ID)].map(([, id]) => id) };
}

describe("a document body written a slice at a time (StreamedBody)", () => {
  it("makes the same .docx as docx writing the whole body at once: text, escapes, lists, pictures and a table's rows", async () => {
    const rows = [1, 2, 3, 4, 5];
    const whole = documentWith([
      new Paragraph("前言"),
      new Table({ rows: [header(), ...rows.map(row)] }),
      ...rows.flatMap(paragraphs),
      new Paragraph("结语"),
    ]);

    const streamed = new StreamedBody();
    const document = documentWith([new Paragraph("前言"), streamed.slot, new Paragraph("结语")]);
    await streamed.wrap(document, new Table({ rows: [header()] }), async () => {
      streamed.write(document, rows.slice(0, 2).map(row));
      streamed.write(document, rows.slice(2).map(row));
    });
    streamed.write(document, rows.slice(0, 3).flatMap(paragraphs));
    streamed.write(document, rows.slice(3).flatMap(paragraphs));

    const expected = await partsOf(await Packer.toBuffer(whole));
    const actual = await partsOf(await streamed.pack(document));
    expect([...actual.parts.keys()].sort()).toEqual([...expected.parts.keys()].sort());
    expect([...actual.parts.keys()].some((name) => name.startsWith("word/media/"))).toBe(true);
    for (const [name, content] of expected.parts) expect(actual.parts.get(name) === content, name).toBe(true);
    expect(actual.drawingIds).toHaveLength(expected.drawingIds.length);
  });
});
