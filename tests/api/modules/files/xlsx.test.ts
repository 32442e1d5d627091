import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { setImmediate as turn } from "node:timers/promises";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { xlsxDownload, type XlsxCell } from "../../../../server/modules/files/xlsx";

const BATCH = 250;
const HEADER = ["序号", "名称", "摘要"];

/** A row whose text does not compress to nothing, so that the zip's output fills the download's buffers. */
const row = (n: number): XlsxCell[] => [n, `一种晶圆键合方法 ${n}`, Array.from({ length: 40 }, (_, at) => ((n * 7919 + at * 104729) % 1000003).toString(36)).join(" 晶圆 ")];

/** Rows in batches as a database gives them, telling how many batches were read and when reading stopped. */
function batches(count: number) {
  const read = { batches: 0, closed: false };
  let closed: () => void = () => {};
  let begun: () => void = () => {};
  const done = new Promise<void>((resolve) => (closed = resolve));
  const started = new Promise<void>((resolve) => (begun = resolve));
  async function* generate(): AsyncGenerator<XlsxCell[][]> {
    try {
      for (let at = 0; at < count; at += BATCH) {
        read.batches += 1;
        begun();
        yield Array.from({ length: Math.min(BATCH, count - at) }, (_, index) => row(at + index + 1));
      }
    } finally {
      read.closed = true;
      closed();
    }
  }
  return { generate: generate(), read, done, started };
}

async function sheetOf(download: Readable): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await buffer(download)) as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

describe("an .xlsx download", () => {
  it("writes a bold header that stays in view, then every row read: numbers as numbers, the rest as text", async () => {
    const { generate, read } = batches(1234);
    const failures: unknown[] = [];
    const sheet = await sheetOf(await xlsxDownload("走访记录", HEADER, generate, (error) => failures.push(error)));
    expect(sheet.name).toBe("走访记录");
    expect(sheet.rowCount).toBe(1235);
    expect(sheet.getRow(1).getCell(2).value).toBe("名称");
    expect(sheet.getRow(1).getCell(2).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getRow(1235).getCell(1).value).toBe(1234);
    expect(sheet.getRow(1235).getCell(2).value).toBe("一种晶圆键合方法 1234");
    expect(read.closed).toBe(true);
    expect(failures).toEqual([]);
  });

  it("keeps to what Excel opens: a sheet's name, a cell's length, characters XML cannot carry", async () => {
    const long = "长".repeat(40_000);
    const download = await xlsxDownload("a/b:c?d*e[f]g and a name longer than thirty-one", ["h"], [[[long, "bell\u0007 & <tag>", null, ""]]], () => {});
    const zip = await JSZip.loadAsync(await buffer(download));
    expect(await zip.file("xl/workbook.xml")?.async("string")).toContain('name="a b c d e f g and a name longer"');
    const sheet = (await zip.file("xl/worksheets/sheet1.xml")?.async("string")) ?? "";
    expect(sheet).toContain(`>${"长".repeat(32_767)}</t>`);
    expect(sheet).not.toContain("长".repeat(32_768));
    expect(sheet).toContain(">bell &amp; &lt;tag&gt;</t>");
    expect(sheet.match(/<c /g)).toHaveLength(3);
  });

  it("reads the rows no faster than the client reads the file", async () => {
    const { generate, read } = batches(60 * BATCH);
    const download = await xlsxDownload("s", HEADER, generate, () => {});
    await new Promise((resolve) => download.once("readable", resolve));
    // The client reads nothing for a hundred turns of the event loop, in each of which the
    // download could write several batches if it did not wait for the client.
    const before = read.batches;
    for (let at = 0; at < 100; at++) await turn();
    expect(read.batches - before).toBeLessThan(10);
    expect((await sheetOf(download)).rowCount).toBe(60 * BATCH + 1);
  });

  it("stops reading the rows when the client has gone, and says nothing of it", async () => {
    const { generate, read, done, started } = batches(200 * BATCH);
    const failures: unknown[] = [];
    const download = await xlsxDownload("s", HEADER, generate, (error) => failures.push(error));
    // The client reads the first bytes, then leaves once the rows are being read (the server destroys the download).
    download.resume();
    await started;
    download.destroy();
    await done;
    expect(read.batches).toBeLessThan(200);
    expect(failures).toEqual([]);
  });

  it("ends the download with the error when reading the rows fails part-way", async () => {
    async function* failing(): AsyncGenerator<XlsxCell[][]> {
      yield [row(1)];
      throw new Error("the database went away");
    }
    const failures: unknown[] = [];
    const download = await xlsxDownload("s", HEADER, failing(), (error) => failures.push(error));
    await expect(buffer(download)).rejects.toThrow("the database went away");
    expect(failures).toHaveLength(1);
  });
});
