import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvRecords, delimiterOf, type CsvRecord } from "../../../../server/modules/patents/read/csv";
import { CELL_MAX_CHARS, RECORD_MAX_CHARS } from "../../../../server/modules/patents/read/limits";
import { trsRecords } from "../../../../server/modules/patents/read/trs";

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
