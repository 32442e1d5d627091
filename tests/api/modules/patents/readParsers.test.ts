import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvRecords, delimiterOf, type CsvRecord } from "../../../../server/modules/patents/read/csv";
import { CELL_MAX_CHARS, RECORD_MAX_CHARS } from "../../../../server/modules/patents/read/limits";
import { trsRecords } from "../../../../server/modules/patents/read/trs";
import { UnreadableExport } from "../../../../server/modules/patents/read/types";
import { readSharedStrings, worksheetRows, xlsxRows, type XlsxCell, type XlsxRow } from "../../../../server/modules/patents/read/xlsx";

async function* chunked(text: string, cuts: readonly number[]): AsyncGenerator<string> {
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    if (cut <= at || cut >= text.length) continue;
    yield text.slice(at, cut);
    at = cut;
  }
  yield text.slice(at);
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
}

const csv = (text: string, cuts: number[] = []) => all(csvRecords(chunked(text, cuts), delimiterOf(text.split(/\r?\n/u)[0])));

const quote = (cell: string) => (/[",\r\n]/u.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

describe("the CSV reader", () => {
  it("reads RFC 4180: quoted delimiters, doubled quotes and line breaks, lines counted as the file shows them", async () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n\r\nplain,,end\n"last"';
    expect(await csv(text)).toEqual([
      { line: 1, cells: ["a", "b", "c"] },
      { line: 2, cells: ["x, y", 'say "hi"', "two\r\nlines"] },
      { line: 5, cells: ["plain", "", "end"] },
      { line: 6, cells: ["last"] },
    ]);
  });

  it("reads tab-separated text when the header has more tabs than commas", async () => {
    expect(delimiterOf("公开号\t标题\t摘要")).toBe("\t");
    expect(delimiterOf('"a\tb",c')).toBe(",");
    expect(await csv("公开号\t标题\nCN1A\t芯片, 封装")).toEqual([
      { line: 1, cells: ["公开号", "标题"] },
      { line: 2, cells: ["CN1A", "芯片, 封装"] },
    ]);
  });

  it("keeps a stray quote inside a field as text, as Excel does", async () => {
    expect(await csv('a,b\n12" wafer,"x"y')).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ['12" wafer', "xy"] },
    ]);
  });

  it("reads the same records however the text is cut into chunks", async () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "芯", ",", '"', "\n", "\r\n", " ", "𬌗"), maxLength: 8 });
    const rows = fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(rows, fc.array(fc.nat({ max: 200 }), { maxLength: 8 }), async (table, cuts) => {
        // A row whose cells are all empty is a blank line, which the reader leaves out.
        const kept = table.map((cells) => ["k", ...cells]);
        const text = kept.map((cells) => cells.map(quote).join(",")).join("\r\n");
        const read = (await csv(text, cuts)) as Extract<CsvRecord, { cells: string[] }>[];
        expect(read.map((record) => record.cells)).toEqual(kept);
      }),
    );
  });

  it("answers a cell or a record past the limits as tooLong and keeps reading after it", async () => {
    const long = "长".repeat(CELL_MAX_CHARS + 1);
    const records = await csv(`a,b\nCN1A,${long}\nCN2A,ok`, [10, 5000, 40_000]);
    expect(records).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, tooLong: 1 },
      { line: 3, cells: ["CN2A", "ok"] },
    ]);
    const wide = Array.from({ length: 40 }, () => "x".repeat(CELL_MAX_CHARS - 1)).join(",");
    expect((await csv(`a\n${wide}\nnext`))[1]).toEqual({ line: 2, tooLong: Math.floor(RECORD_MAX_CHARS / CELL_MAX_CHARS) });
  });

  it("bounds an unclosed quote running to the end of the file", async () => {
    async function* endless(): AsyncGenerator<string> {
      yield 'a,b\nCN1A,"never closed';
      for (let i = 0; i < 200; i++) yield "x".repeat(64 * 1024);
    }
    const records = await all(csvRecords(endless(), ","));
    expect(records).toEqual([{ line: 1, cells: ["a", "b"] }, { line: 2, tooLong: 1 }]);
  });
});

describe("the TRS reader", () => {
  it("reads <REC> blocks, runs wrapped values on, and joins repeated fields", async () => {
    const text = [
      "检索结果导出",
      "<REC>",
      "<公开(公告)号>=CN115000001A",
      "<名称>=一种芯片",
      "<摘要>=本发明公开了一种芯",
      "片封装结构，包括基板。",
      "It improves",
      "yield.",
      "<申请(专利权)人>=甲公司",
      "<申请(专利权)人>=乙公司",
      "<REC>",
      "<公开(公告)号>=CN115000002A",
      "",
    ].join("\r\n");
    const records = await all(trsRecords(chunked(text, [7, 33, 60])));
    expect(records).toEqual([
      {
        line: 2,
        fields: new Map([
          ["公开(公告)号", "CN115000001A"],
          ["名称", "一种芯片"],
          ["摘要", "本发明公开了一种芯片封装结构，包括基板。It improves yield."],
          ["申请(专利权)人", "甲公司;乙公司"],
        ]),
      },
      { line: 11, fields: new Map([["公开(公告)号", "CN115000002A"]]) },
    ]);
  });

  it("answers a field past the limits, or an endless line, as tooLong", async () => {
    const long = `<REC>\n<公开(公告)号>=CN1A\n<摘要>=${"长".repeat(CELL_MAX_CHARS + 1)}\n<REC>\n<公开(公告)号>=CN2A\n`;
    expect(await all(trsRecords(chunked(long, [100])))).toEqual([
      { line: 1, tooLong: "摘要" },
      { line: 4, fields: new Map([["公开(公告)号", "CN2A"]]) },
    ]);
    async function* endless(): AsyncGenerator<string> {
      yield "<REC>\n<摘要>=";
      for (let i = 0; i < 40; i++) yield "x".repeat(64 * 1024);
    }
    expect(await all(trsRecords(endless()))).toEqual([{ line: 1, tooLong: "摘要" }]);
  });
});

/** A worksheet's XML around the rows given (each a <row> element's text). */
const sheetXml = (rows: string, head = '<dimension ref="A1:C3"/>') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${head}<sheetData>${rows}</sheetData><pageMargins left="0.7"/></worksheet>`;

const sheetOf = (strings: readonly string[], dateStyles: readonly boolean[] = [], date1904 = false) => ({ strings: { get: (index: number) => strings[index] ?? null }, dateStyles, date1904 });

async function rowsOfSheet(xml: string, cuts: readonly number[] = [], strings: readonly string[] = [], dateStyles: readonly boolean[] = []): Promise<XlsxRow[]> {
  return all(worksheetRows(chunked(xml, cuts), sheetOf(strings, dateStyles)));
}

async function stringsOf(xml: string, cuts: readonly number[] = []): Promise<string[]> {
  const table: string[] = [];
  await readSharedStrings(chunked(xml, cuts), { add: (text) => table.push(text) });
  return table;
}

const escapeXml = (text: string) => text.replace(/&/gu, "&amp;").replace(/</gu, "&lt;").replace(/>/gu, "&gt;");

describe("the .xlsx sheet reader", () => {
  it("reads each cell as Excel shows it: strings, numbers, dates by their style, booleans; not errors, nor strings it lacks", async () => {
    const xml = sheetXml(
      '<row r="1" spans="1:9"><c r="A1" t="s"><v>1</v></c><c r="B1" t="inlineStr"><is><r><t>芯片</t></r><r><rPr><b/></rPr><t xml:space="preserve"> 封装</t></r></is></c>' +
        '<c r="C1"><v>42.5</v></c><c r="D1" s="1"><v>45000</v></c><c r="E1" t="b"><v>1</v></c><c r="F1" t="e"><v>#N/A</v></c>' +
        '<c r="G1" t="str"><f>A1&amp;"x"</f><v>a&amp;b &lt;c&gt; &#x4E2D;&#25991;</v></c><c r="H1" s="2"><v>0.25</v></c><c r="I1" t="s"><v>7</v></c></row>',
    );
    expect(await rowsOfSheet(xml, [], ["公开号", "标题"], [false, true, false])).toEqual([
      { line: 1, cells: ["标题", "芯片 封装", 42.5, new Date(Date.UTC(2023, 2, 15)), "true", null, "a&b <c> 中文", 0.25] },
    ]);
  });

  it("places cells by their reference, numbers rows without one after the last, and leaves out blank rows", async () => {
    const xml = sheetXml(
      '<row r="2"><c r="C2"><v>3</v></c><c r="A2"><v>1</v></c></row><row><c><v>4</v></c><c r="D3" t="inlineStr"><is><t/></is></c><c><v>5</v></c></row>' +
        '<row r="7"/><row r="8"><c r="A8" s="0"/><c r="B8" t="inlineStr"><is><t></t></is></c></row><row r="9" ><c r = "b9" t = \'s\' ><v>0</v></c></row>',
    );
    expect(await rowsOfSheet(xml, [], ["x"])).toEqual([
      { line: 2, cells: [1, null, 3] },
      { line: 3, cells: [4, null, null, "", 5] },
      { line: 9, cells: [null, "x"] },
    ]);
  });

  it("tells the declared last row before the first row, or null without a <dimension>", async () => {
    const told: (number | null)[] = [];
    const rows = all(worksheetRows(chunked(sheetXml('<row r="1"><c><v>1</v></c></row>', '<dimension ref="A1:Z100001"/>'), [60, 70]), sheetOf([]), (total) => told.push(total)));
    expect(await rows).toHaveLength(1);
    await all(worksheetRows(chunked(sheetXml("", ""), []), sheetOf([]), (total) => told.push(total)));
    expect(told).toEqual([100001, null]);
  });

  it("reads a cell whose XML passes its bound as too long, unkept, and the cells and rows after it", async () => {
    const huge = `<c r="B1" t="inlineStr"><is><t>${"&amp;".repeat(CELL_MAX_CHARS * 4 + 1)}</t></is></c>`;
    const xml = sheetXml(`<row r="1"><c r="A1"><v>1</v></c>${huge}<c r="C1"><v>3</v></c></row><row r="2"><c><v>2</v></c></row>`);
    const cuts = Array.from({ length: 40 }, (_, i) => 100 + i * 64 * 1024);
    const [first, second] = (await rowsOfSheet(xml, cuts)) as { line: number; cells: XlsxCell[] }[];
    expect(first.cells).toHaveLength(3);
    expect([first.cells[0], first.cells[2]]).toEqual([1, 3]);
    expect((first.cells[1] as string).length).toBeGreaterThan(CELL_MAX_CHARS);
    expect(second).toEqual({ line: 2, cells: [2] });
  });

  it("cuts a long cell just past Excel's limit, and answers a row past RECORD_MAX_CHARS as tooLong at that column", async () => {
    const long = "长".repeat(CELL_MAX_CHARS + 10);
    const [row] = (await rowsOfSheet(sheetXml(`<row r="1"><c t="inlineStr"><is><t>${long}</t></is></c></row>`), [5000])) as { cells: string[] }[];
    expect(row.cells[0]).toBe(long.slice(0, CELL_MAX_CHARS + 1));
    const wide = Array.from({ length: 40 }, () => `<c t="inlineStr"><is><t>${"x".repeat(CELL_MAX_CHARS - 1)}</t></is></c>`).join("");
    expect(await rowsOfSheet(sheetXml(`<row r="1">${wide}</row><row r="2"><c><v>1</v></c></row>`))).toEqual([
      { line: 1, tooLong: Math.floor(RECORD_MAX_CHARS / (CELL_MAX_CHARS - 1)) },
      { line: 2, cells: [1] },
    ]);
  });

  it("refuses a sheet whose XML ends inside its rows", async () => {
    const cutShort = sheetXml('<row r="1"><c><v>1</v></c></row>').split("</sheetData>")[0];
    await expect(rowsOfSheet(cutShort)).rejects.toBeInstanceOf(UnreadableExport);
  });

  it("reads the same rows however the XML is cut into chunks", async () => {
    const text = fc.string({ unit: fc.constantFrom("a", "芯", "&", "<", ">", '"', " ", "\n", "𬌗", "_x000D_"), maxLength: 12 });
    const cell = fc.oneof(
      text.map((value) => ({ xml: `<c t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`, value: value as XlsxCell })),
      fc.integer({ min: -1e6, max: 1e6 }).map((value) => ({ xml: `<c><v>${value}</v></c>`, value: value as XlsxCell })),
      fc.nat({ max: 2 }).map((index) => ({ xml: `<c t="s"><v>${index}</v></c>`, value: ["公开号", "a&b", ""][index] as XlsxCell })),
    );
    const rows = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(rows, fc.array(fc.nat({ max: 600 }), { maxLength: 12 }), async (table, cuts) => {
        // A first cell that always holds something: a row of blank cells is left out.
        const xml = sheetXml(table.map((cells, index) => `<row r="${index + 1}"><c><v>0</v></c>${cells.map((c) => c.xml).join("")}</row>`).join("\n"));
        const read = await rowsOfSheet(xml, cuts, ["公开号", "a&b", ""]);
        // _x000D_ in inline text is OOXML's escape of a carriage return.
        const expected = table.map((cells, index) => ({ line: index + 1, cells: [0, ...cells.map((c) => (typeof c.value === "string" ? c.value.replaceAll("_x000D_", "\r") : c.value))] }));
        expect(read).toEqual(expected);
      }),
    );
  });
});

describe("the .xlsx shared-string reader", () => {
  it("joins a string's runs without its phonetic guide, decodes references and escapes, and keeps empty ones", async () => {
    const xml =
      '<?xml version="1.0"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="5" uniqueCount="5">' +
      "<si><t>半导体</t></si><si><r><t>晶</t></r><r><rPr><sz val=\"11\"/></rPr><t>圆</t></r><rPh sb=\"0\" eb=\"1\"><t>ショウ</t></rPh></si>" +
      "<si/><si><t>line_x000D_\r\nbreak &amp; &#20013;&#x6587;</t></si><si><t></t></si></sst>";
    for (const cuts of [[], [40, 41, 95, 130, 200, 201, 250]]) expect(await stringsOf(xml, cuts)).toEqual(["半导体", "晶圆", "", "line\r\nbreak & 中文", ""]);
    expect(await stringsOf('<sst xmlns="x" count="0"/>')).toEqual([]);
  });

  it("keeps a string past Excel's limit cut just past it, so that the cell reads as too long", async () => {
    const [long] = await stringsOf(`<sst><si><t>${"长".repeat(CELL_MAX_CHARS * 3)}</t></si></sst>`, [7000, 70_000]);
    expect(long).toHaveLength(CELL_MAX_CHARS + 1);
  });
});

describe("the .xlsx package", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "patent-xlsx-parts-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
  const RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

  async function xlsxOf(name: string, parts: Record<string, string>): Promise<string> {
    const zip = new JSZip();
    zip.file("[Content_Types].xml", CONTENT_TYPES);
    for (const [path, text] of Object.entries(parts)) zip.file(path, text);
    const path = join(dir, name);
    await writeFile(path, await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" }));
    return path;
  }

  it("reads the workbook's first sheet where its relationships put it, with the strings and date styles they name", async () => {
    const path = await xlsxOf("named.xlsx", {
      "xl/workbook.xml": `<workbook xmlns:r="${RELS}"><workbookPr date1904="1"/><sheets><sheet name="专利" sheetId="2" r:id="rId7"/><sheet name="其他" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      "xl/_rels/workbook.xml.rels": `<Relationships><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="${RELS}/worksheet" Target="/xl/worksheets/data.xml"/><Relationship Id="rId3" Type="${RELS}/sharedStrings" Target="strings.xml"/><Relationship Id="rId4" Type="${RELS}/styles" Target="styles.xml"/></Relationships>`,
      "xl/worksheets/sheet1.xml": sheetXml('<row r="1"><c t="inlineStr"><is><t>不读这张</t></is></c></row>'),
      "xl/worksheets/data.xml": sheetXml('<row r="1"><c t="s"><v>0</v></c><c s="1"><v>43833</v></c><c s="2"><v>43833</v></c></row>'),
      "xl/strings.xml": "<sst><si><t>申请日</t></si></sst>",
      "xl/styles.xml": '<styleSheet><numFmts count="1"><numFmt numFmtId="176" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/></numFmts><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="176" applyNumberFormat="1"/><xf numFmtId="10"/></cellXfs></styleSheet>',
    });
    // Day 43833 counted from 1904-01-01 (date1904) is 2024-01-04.
    expect(await all(xlsxRows(path))).toEqual([{ line: 1, cells: ["申请日", new Date(Date.UTC(2024, 0, 4)), 43833] }]);
  });

  it("reads a package without workbook, shared strings or styles at the usual sheet's place", async () => {
    const path = await xlsxOf("bare.xlsx", { "xl/worksheets/sheet1.xml": sheetXml('<row r="3"><c t="inlineStr"><is><t>CN1A</t></is></c></row>') });
    expect(await all(xlsxRows(path))).toEqual([{ line: 3, cells: ["CN1A"] }]);
  });

  it("reads back what Excel's writer wrote: text (shared or inline), numbers, dates and booleans", async () => {
    const Excel = (await import("exceljs")).default;
    // Text as XML can hold it (no control characters but tab and line ends), of any plane; not
    // OOXML's escapes (_x0041_), which this writer leaves as they are and Excel would read as escapes.
    const text = fc.string({ unit: fc.oneof(fc.constantFrom("&", "<", ">", '"', "'", " ", "\t", "\n"), fc.integer({ min: 0x20, max: 0x10ffff }).map((code) => String.fromCodePoint(code)).filter((c) => /^[^\p{Cc}\p{Cs}\uFFFE\uFFFF]$/u.test(c))), minLength: 1, maxLength: 20 });
    const cell = fc.oneof(text, fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 80_000 }).map((days) => new Date(Date.UTC(1900, 0, 1) + days * 86_400_000)), fc.boolean());
    const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 });
    let file = 0;
    await fc.assert(
      fc.asyncProperty(table, fc.boolean(), async (rows, shared) => {
        const path = join(dir, `written-${file++}.xlsx`);
        if (shared) {
          const workbook = new Excel.Workbook();
          const sheet = workbook.addWorksheet("专利");
          for (const row of rows) sheet.addRow(row);
          await workbook.xlsx.writeFile(path);
        } else {
          const workbook = new Excel.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: true });
          const sheet = workbook.addWorksheet("专利");
          for (const row of rows) sheet.addRow(row, "n").commit();
          await workbook.commit();
        }
        const read = await all(xlsxRows(path));
        // A date is written with its date format, and read back as its day; booleans read as the
        // words; -0 is written as 0 (String(-0)), as Excel shows it.
        const expected = rows.map((row, index) => ({
          line: index + 1,
          cells: row.map((value) => (typeof value === "boolean" ? String(value) : Object.is(value, -0) ? 0 : value)),
        }));
        expect(read).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  it("refuses a package without its sheet, or whose sheet does not match its checksum", async () => {
    const empty = await xlsxOf("nosheet.xlsx", { "xl/workbook.xml": "<workbook/>" });
    await expect(all(xlsxRows(empty))).rejects.toMatchObject({ reason: "empty" });
    const good = await xlsxOf("good.xlsx", { "xl/worksheets/sheet1.xml": sheetXml('<row r="1"><c><v>1</v></c></row>') });
    const bytes = await (await import("node:fs/promises")).readFile(good);
    // Flip one byte of the sheet's compressed data, after its local header.
    const at = bytes.indexOf(Buffer.from("xl/worksheets/sheet1.xml")) + 30;
    bytes[at] ^= 0xff;
    const damaged = join(dir, "damaged.xlsx");
    await writeFile(damaged, bytes);
    await expect(all(xlsxRows(damaged))).rejects.toMatchObject({ reason: "unreadable" });
  });
});
