import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_SHAPES, syntheticPatents, writeExport, type ExportShape, type SyntheticPatent, type TextFileEncoding } from "../../../../bench/patents/generate";
import type { PatentRecord, ReadRow } from "../../../../contract/patents/record";
import { openExport, openExportInWorker, ReaderFailure, ReadersBusy, UnreadableExport, type OpenedExport, type ThreadRow, type WorkerOptions } from "../../../../server/modules/patents/read";
import { READER_THREADS_MAX } from "../../../../server/modules/patents/read/limits";

const ROWS = 300;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "patent-read-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function rowsOf(opened: OpenedExport): Promise<ReadRow[]> {
  const rows: ReadRow[] = [];
  for await (const row of opened.rows()) rows.push(row);
  return rows;
}

const records = (rows: ReadRow[]) => rows.map((row) => ("record" in row ? row.record : row));

const STATUS = { valid: "valid", pending: "pending", withdrawn: "invalid", rejected: "invalid", unpaid: "invalid", expired: "invalid" } as const;

/** What every source tells of a synthetic patent, as the reader should give it back. */
function expectRead(record: PatentRecord, patent: SyntheticPatent, shape: ExportShape) {
  expect(record.publicationNumber).toBe(patent.publicationNumber);
  expect(record.applyDate).toBe(patent.applyDate);
  expect(record.publicationDate).toBe(patent.publicationDate);
  expect(record.grantDate).toBe(patent.grantDate);
  expect(record.patentType).toBe(patent.patentType);
  expect(record.ipc).toEqual(patent.ipc);
  expect(record.mainIpc).toBe(patent.ipc[0]);
  expect(record.jurisdiction).toBe("CN");
  expect(record.segments).toContain(patent.segment);
  expect(record.inventors).toEqual(shape === "lens-csv" ? patent.inventors.map((name) => name.toUpperCase()) : patent.inventors);
  if (shape === "lens-csv") {
    expect(record.title).toBe(patent.titleEn.toUpperCase());
    expect(record.applicants).toEqual(patent.applicants.map((company) => company.englishName));
  } else {
    expect(record.title).toBe(patent.title);
    expect(record.abstract).toBe(patent.abstract);
    expect(record.applicants).toEqual(patent.applicants.map((company) => company.name));
  }
  if (shape !== "cnipa-trs") {
    expect(record.legalStatus).toBe(STATUS[patent.status]);
    expect(record.citedBy).toBe(patent.citedBy);
  }
  if (shape === "patsnap-xlsx" || shape.startsWith("incopat")) {
    expect(record.creditCode).toBe(patent.applicants[0].creditCode);
    expect(record.district).toBe(patent.applicants[0].district);
    expect(record.cpc).toEqual(patent.cpc);
  }
}

const CASES: { shape: ExportShape; encoding?: TextFileEncoding; sharedStrings?: boolean }[] = [
  { shape: "patsnap-xlsx" },
  { shape: "patsnap-xlsx", sharedStrings: true },
  { shape: "incopat-xlsx" },
  ...(["utf-8", "utf-8-bom", "gb18030"] as const).flatMap((encoding) =>
    EXPORT_SHAPES.filter((shape) => !shape.endsWith("xlsx")).map((shape) => ({ shape, encoding })),
  ),
];

describe("every export shape, in every encoding", () => {
  it.each(CASES)("reads $shape ($encoding) with every row as written", async ({ shape, encoding, sharedStrings }) => {
    const path = join(dir, `${shape}-${encoding ?? "xml"}-${sharedStrings ? "shared" : "inline"}`);
    await writeExport(path, { shape, rows: ROWS, seed: 7, encoding, sharedStrings });
    const opened = await openExport(path, `${shape}.export`);
    expect(opened.format).toBe(shape.endsWith("xlsx") ? "xlsx" : shape === "cnipa-trs" ? "trs" : "csv");
    if (opened.format !== "xlsx") expect(opened.encoding).toBe(encoding === "gb18030" ? "gb18030" : "utf-8");
    expect(opened.unmapped).toEqual([]);
    expect(opened.complete).toBe(true);
    const rows = await rowsOf(opened);
    expect(rows.filter((row) => "problem" in row)).toEqual([]);
    const patents = [...syntheticPatents(ROWS, 7)];
    expect(rows).toHaveLength(ROWS);
    // A TRS record is <REC>, fourteen one-line fields and the abstract wrapped at 60 characters.
    let trsLine = 1;
    rows.forEach((row, index) => {
      expect(row.line).toBe(shape === "cnipa-trs" ? trsLine : index + 2);
      trsLine += 15 + Math.ceil(Array.from(patents[index].abstract).length / 60);
      expectRead((row as { record: PatentRecord }).record, patents[index], shape);
    });
  });
});

async function csvFile(name: string, text: string, encoding: "utf-8" | "gb18030" = "utf-8"): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, encoding === "gb18030" ? iconv.encode(text, "gb18030") : text);
  return path;
}

describe("headers and mappings", () => {
  it("finds the header row below a title and reads lines as the file numbers them", async () => {
    const path = await csvFile("preamble.csv", "检索式：芯片 AND 封装,,\n\n公开（公告）号,标题,申请日\nCN 115 000 001 A,芯片封装结构,2023/1/5\n");
    const opened = await openExport(path, "preamble.csv");
    expect(opened.headers).toEqual(["公开（公告）号", "标题", "申请日"]);
    expect(records(await rowsOf(opened))).toMatchObject([{ publicationNumber: "CN115000001A", title: "芯片封装结构", applyDate: "2023-01-05", patentType: "invention", grantDate: null }]);
    expect((await rowsOf(opened))[0].line).toBe(4);
  });

  it("leaves unknown headers to the mapping step, and reads with the mapping given", async () => {
    const path = await csvFile("custom.csv", "文献编号,发明题目,客户备注\nCN115000001B,晶圆刻蚀方法,重点\n");
    const guessed = await openExport(path, "custom.csv");
    expect(guessed.unmapped).toEqual(["文献编号", "发明题目", "客户备注"]);
    expect(guessed.complete).toBe(false);
    const mapped = await openExport(path, "custom.csv", { 文献编号: "publicationNumber", 发明题目: "title", 客户备注: null });
    expect(mapped.unmapped).toEqual([]);
    expect(mapped.complete).toBe(true);
    expect(records(await rowsOf(mapped))).toMatchObject([{ publicationNumber: "CN115000001B", title: "晶圆刻蚀方法", patentType: "invention" }]);
  });

  it("gives the row count an .xlsx declares", async () => {
    const Excel = (await import("exceljs")).default;
    const workbook = new Excel.Workbook();
    const sheet = workbook.addWorksheet("专利");
    sheet.addRow(["公开(公告)号", "标题", "申请日"]);
    for (let i = 0; i < 25; i++) sheet.addRow([`CN11500000${i}A`, `一种芯片${i}`, new Date(Date.UTC(2020, 0, i + 1))]);
    const path = join(dir, "dimension.xlsx");
    await workbook.xlsx.writeFile(path);
    const opened = await openExport(path, "dimension.xlsx");
    expect(opened.total).toBe(25);
    const rows = records(await rowsOf(opened));
    expect(rows).toHaveLength(25);
    expect(rows[3]).toMatchObject({ publicationNumber: "CN115000003A", applyDate: "2020-01-04" });
    // The first reading goes on from the header search; another one reads the file afresh.
    expect(records(await rowsOf(opened))).toEqual(rows);
  });
});

describe("rows that cannot be read", () => {
  it("come back with their line, reason and column, and the rows after them are read", async () => {
    const text = [
      "公开(公告)号,标题,申请日,被引证次数,摘要",
      ",无号码,2020-01-01,1,",
      "CN1A,,2020-01-01,1,",
      "CN2A,坏日期,2020-02-30,1,",
      "CN3A,坏次数,2020-01-01,很多,",
      "公开号无,无数字,2020-01-01,1,",
      `CN4A,太长,2020-01-01,1,${"长".repeat(40_000)}`,
      "CN5A,好的,2020-01-01,1,摘要",
    ].join("\n");
    const rows = await rowsOf(await openExport(await csvFile("problems.csv", text, "gb18030"), "problems.csv"));
    expect(rows.map((row) => ("problem" in row ? row : { line: row.line, number: row.record.publicationNumber }))).toEqual([
      { line: 2, problem: "noPublicationNumber" },
      { line: 3, problem: "noTitle" },
      { line: 4, problem: "badDate", field: "申请日" },
      { line: 5, problem: "badNumber", field: "被引证次数" },
      { line: 6, problem: "badNumber", field: "公开(公告)号" },
      { line: 7, problem: "tooLong", field: "摘要" },
      { line: 8, number: "CN5A" },
    ]);
  });

  it("in an .xlsx too: a cell over Excel's own limit is tooLong", async () => {
    const Excel = (await import("exceljs")).default;
    const workbook = new Excel.Workbook();
    const sheet = workbook.addWorksheet("专利");
    sheet.addRow(["公开(公告)号", "标题", "摘要"]);
    // Shared strings and a sheet cell alike: the second is cut while reading, beside its entities.
    sheet.addRow(["CN1A", "太长", "长".repeat(40_000)]);
    const scattered = Array.from({ length: 400_000 }, (_, i) => (i % 97 === 0 ? "&<>" : String.fromCharCode(0x4e00 + ((i * 7919) % 20_000)))).join("");
    sheet.addRow(["CN1B", "更长", scattered]);
    sheet.addRow(["CN2A", "好的", "摘要"]);
    const path = join(dir, "long.xlsx");
    await workbook.xlsx.writeFile(path);
    const rows = await rowsOf(await openExport(path, "long.xlsx"));
    expect(rows.slice(0, 2)).toEqual([
      { line: 2, problem: "tooLong", field: "摘要" },
      { line: 3, problem: "tooLong", field: "摘要" },
    ]);
    expect(records(rows)[2]).toMatchObject({ publicationNumber: "CN2A", abstract: "摘要" });
  });
});

describe("files that are no export", () => {
  it("are refused before any row", async () => {
    const cases: [string, Buffer | string, string][] = [
      ["empty.csv", "", "empty"],
      ["binary.csv", Buffer.from([0x00, 0x01, 0x02, 0x03]), "unreadable"],
      ["old.xls", Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "unreadable"],
      ["broken.xlsx", Buffer.concat([Buffer.from("PK\u0003\u0004", "latin1"), Buffer.alloc(100)]), "unreadable"],
      ["blank.csv", "\n\n,,\n", "empty"],
    ];
    for (const [name, bytes, reason] of cases) {
      const path = join(dir, name);
      await writeFile(path, bytes);
      const refusal = await openExport(path, name).catch((error: unknown) => error);
      expect(refusal, name).toBeInstanceOf(UnreadableExport);
      expect((refusal as UnreadableExport).reason, name).toBe(reason);
    }
  });
});

describe("in a thread of its own", () => {
  let reading: string;
  beforeAll(() => {
    reading = join(dir, "reading");
  });
  const inThread = (path: string, name: string, options: Omit<WorkerOptions, "tempRoot" | "dialect"> = {}) => openExportInWorker(path, name, undefined, { tempRoot: reading, dialect: "sqlite", ...options });
  /** The threads' temporary directories still there. */
  const leftovers = () => readdir(reading).catch(() => []);
  const testReader = (name: string) => new URL(`./readers/${name}.mjs`, import.meta.url);
  const description = ({ format, encoding, headers, mapping, unmapped, complete, total }: OpenedExport<unknown>) => ({ format, encoding, headers, mapping, unmapped, complete, total });
  /** A thread's rows as ReadRows: its patents come as the JSON the import stages. */
  async function threadRows(opened: OpenedExport<ThreadRow>): Promise<ReadRow[]> {
    const rows: ReadRow[] = [];
    for await (const row of opened.rows()) rows.push("json" in row ? { line: row.line, record: JSON.parse(row.json) as PatentRecord } : row);
    return rows;
  }

  it.each([
    { shape: "patsnap-xlsx" as const, sharedStrings: true, rows: 1234 },
    { shape: "incopat-csv" as const, encoding: "gb18030" as const, rows: 700 },
    { shape: "cnipa-trs" as const, encoding: "utf-8" as const, rows: 600 },
  ])("reads $shape as openExport does, a batch at a time, and leaves no temporary file", async ({ shape, encoding, sharedStrings, rows }) => {
    const path = join(dir, `thread-${shape}`);
    await writeExport(path, { shape, rows, seed: 11, encoding, sharedStrings });
    const here = await openExport(path, shape);
    const there = await inThread(path, shape);
    expect(description(there)).toEqual(description(here));
    expect(await leftovers()).toHaveLength(1);
    const read = await threadRows(there);
    expect(read).toHaveLength(rows);
    expect(read).toEqual(await rowsOf(here));
    expect(await leftovers()).toEqual([]);
  });

  it("ends the thread of an export whose rows are not read, and refuses files as openExport does", async () => {
    const path = join(dir, "unread.xlsx");
    await writeExport(path, { shape: "patsnap-xlsx", rows: 10, seed: 3, sharedStrings: true });
    const opened = await inThread(path, "unread.xlsx");
    await opened.close();
    expect(await leftovers()).toEqual([]);
    const broken = join(dir, "thread-broken.xlsx");
    await writeFile(broken, Buffer.concat([Buffer.from("PK\u0003\u0004", "latin1"), Buffer.alloc(100)]));
    await expect(inThread(broken, "broken.xlsx")).rejects.toMatchObject({ name: "UnreadableExport", reason: "unreadable" });
    expect(await leftovers()).toEqual([]);
  });

  it("refuses as too large a file whose opening runs the thread out of its memory", async () => {
    const refusal = await inThread(join(dir, "unread.xlsx"), "unread.xlsx", { workerUrl: testReader("outOfMemoryOpening") }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UnreadableExport);
    expect(refusal).toMatchObject({ reason: "tooLarge" });
    expect(await leftovers()).toEqual([]);
  });

  it("fails reading with ReaderFailure when the rows run the thread out of its memory", async () => {
    const opened = await inThread(join(dir, "unread.xlsx"), "unread.xlsx", { workerUrl: testReader("outOfMemory") });
    const failure = await threadRows(opened).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReaderFailure);
    expect(failure).toMatchObject({ kind: "memory" });
    expect(await leftovers()).toEqual([]);
  });

  it(`runs at most ${READER_THREADS_MAX} threads at once`, async () => {
    const path = join(dir, "unread.xlsx");
    const running = await Promise.all(Array.from({ length: READER_THREADS_MAX }, () => inThread(path, "unread.xlsx", { workerUrl: testReader("stalls") })));
    await expect(inThread(path, "unread.xlsx")).rejects.toBeInstanceOf(ReadersBusy);
    await running[0].close();
    const next = await inThread(path, "unread.xlsx");
    expect(next.complete).toBe(true);
    await Promise.all([next, ...running].map((opened) => opened.close()));
    expect(await leftovers()).toEqual([]);
  });
});
