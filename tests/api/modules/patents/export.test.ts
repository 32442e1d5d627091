import { PassThrough } from "node:stream";
import { setImmediate as turn } from "node:timers/promises";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { PatentDetail } from "../../../../contract/schemas/patents";
import { patentsWorkbook } from "../../../../server/modules/patents/export";

const BATCH = 250;

function patent(id: number): PatentDetail {
  return {
    id,
    publicationNumber: `CN${100000000 + id}A`,
    applicationNumber: `CN2020${100000 + id}`,
    title: `一种晶圆键合方法 ${id}`,
    applicants: ["无锡芯源微电子有限公司", `Applicant ${id % 97}`],
    applyDate: "2021-03-04",
    publicationDate: "2022-05-06",
    patentType: "invention",
    legalStatus: "valid",
    mainIpc: "H01L21/18",
    segment: "manufacturing",
    grantDate: null,
    // Text that does not compress to nothing, so that the zip's output fills the response's buffers.
    abstract: Array.from({ length: 40 }, (_, at) => ((id * 7919 + at * 104729) % 1000003).toString(36)).join(" 晶圆 "),
    applicantAddress: null,
    province: "江苏省",
    city: "无锡市",
    district: "新吴区",
    creditCode: null,
    inventors: ["张三", "李四"],
    ipc: ["H01L21/18", "H01L21/67"],
    cpc: [],
    priorityNumbers: [],
    family: [],
    citedBy: 3,
    jurisdiction: "CN",
    segments: ["manufacturing", "equipment"],
  };
}

/** Batches of patents as the search engine's scan gives them, telling how many were read and when reading stopped. */
function batches(count: number) {
  const read = { batches: 0, closed: false };
  let closed: () => void = () => {};
  const done = new Promise<void>((resolve) => (closed = resolve));
  async function* generate(): AsyncGenerator<PatentDetail[]> {
    try {
      for (let at = 0; at < count; at += BATCH) {
        read.batches += 1;
        yield Array.from({ length: Math.min(BATCH, count - at) }, (_, index) => patent(at + index + 1));
      }
    } finally {
      read.closed = true;
      closed();
    }
  }
  return { generate: generate(), read, done };
}

async function bytesOf(stream: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("the patents' .xlsx export", () => {
  it("writes every patent read, columns and values in the caller's language", async () => {
    const { generate, read } = batches(1234);
    const failures: unknown[] = [];
    const response = await patentsWorkbook(generate, "en", (error) => failures.push(error));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(response)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(1235);
    expect(sheet.getRow(1).getCell(2).value).toBe("Publication number");
    expect(sheet.getRow(1235).getCell(1).value).toBe(1234);
    expect(sheet.getRow(1235).getCell(2).value).toBe("CN100001234A");
    expect(sheet.getRow(2).getCell(10).value).toBe("Invention");
    expect(read.closed).toBe(true);
    expect(failures).toEqual([]);
  });

  it("reads the patents no faster than the client reads the file", async () => {
    const { generate, read } = batches(60 * BATCH);
    const response = await patentsWorkbook(generate, "zh-CN", () => {});
    await new Promise((resolve) => response.once("readable", resolve));
    // The client reads nothing for a hundred turns of the event loop, in each of which the export
    // would write a batch if it did not wait for the client.
    const before = read.batches;
    for (let at = 0; at < 100; at++) await turn();
    expect(read.batches - before).toBeLessThan(10);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(response)) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(60 * BATCH + 1);
  });

  it("stops reading the patents when the client has gone, and says nothing of it", async () => {
    const count = 200 * BATCH;
    const { generate, read, done } = batches(count);
    const failures: unknown[] = [];
    const response = await patentsWorkbook(generate, "zh-CN", (error) => failures.push(error));
    // The client reads the first bytes, then leaves (the server destroys the response's stream).
    await new Promise((resolve) => response.once("readable", resolve));
    response.destroy();
    await done;
    expect(read.batches).toBeLessThan(200);
    expect(failures).toEqual([]);
  });

  it("ends the download with the error when reading the patents fails part-way", async () => {
    async function* failing(): AsyncGenerator<PatentDetail[]> {
      yield [patent(1)];
      throw new Error("the database went away");
    }
    const failures: unknown[] = [];
    const response = await patentsWorkbook(failing(), "zh-CN", (error) => failures.push(error));
    await expect(bytesOf(response)).rejects.toThrow("the database went away");
    expect(failures).toHaveLength(1);
  });
});
