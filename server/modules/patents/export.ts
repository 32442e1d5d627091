import { PassThrough, type Writable } from "node:stream";
import { setImmediate as turn } from "node:timers/promises";
import type { PatentDetail } from "../../../contract/schemas/patents";
import type { Locale } from "../../../i18n/types";
import { text } from "../../i18n";

const EXPORT_COLUMNS = [
  "index",
  "publicationNumber",
  "applicationNumber",
  "title",
  "applicants",
  "inventors",
  "applyDate",
  "publicationDate",
  "grantDate",
  "patentType",
  "legalStatus",
  "mainIpc",
  "ipc",
  "district",
  "segments",
  "abstract",
] as const;

/** Rows written between turns of the event loop (some 40 ms of one core). */
const EXPORT_STEP = 250;

function exportRow(locale: Locale, patent: PatentDetail, index: number): (string | number | null)[] {
  const joined = (values: readonly string[]) => values.join("; ");
  return [
    index,
    patent.publicationNumber,
    patent.applicationNumber,
    patent.title,
    joined(patent.applicants),
    joined(patent.inventors),
    patent.applyDate,
    patent.publicationDate,
    patent.grantDate,
    text(`server.patents.types.${patent.patentType}`).in(locale),
    text(`server.patents.statuses.${patent.legalStatus}`).in(locale),
    patent.mainIpc,
    joined(patent.ipc),
    patent.district,
    joined(patent.segments.map((segment) => text(`companies.segments.${segment}`).in(locale))),
    patent.abstract,
  ];
}

/** What a stream holds that its reader has not taken: Node's streams, and the readable-stream 2 that archiver's are made of. */
const pendingIn = (stream: Writable) => stream.writableLength ?? (stream as unknown as { _writableState?: { length: number } })._writableState?.length ?? 0;

/**
 * Resolves once the download can take more rows, false when its client has gone. exceljs hands a
 * sheet's XML to the zip (archiver; its input is `sheet.stream.pipes[0]`) ignoring backpressure,
 * and on SQLite the rows are read synchronously: written on regardless, the sheet would wait
 * uncompressed in memory (some 80 MB for 50,000 rows) while every other call of the process waited
 * for the whole file. So each step waits for a turn of the event loop, then until the zip has
 * taken the sheet's XML so far, which it does as fast as the client reads the response.
 */
async function roomIn(sheet: unknown, response: PassThrough): Promise<boolean> {
  const zipInput = (sheet as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
  await turn();
  while (!response.destroyed && zipInput && pendingIn(zipInput) > 0) {
    await new Promise<void>((resume) => {
      const done = () => {
        zipInput.off("drain", done);
        response.off("close", done);
        resume();
      };
      zipInput.on("drain", done);
      response.on("close", done);
    });
  }
  return !response.destroyed;
}

/**
 * The patents as an .xlsx download, column names and values in `locale`, written as `batches` are
 * read and as the client reads the response: the file is never whole in memory, and the batches
 * stop being read when the response is destroyed (the client has gone). A failure part-way can only
 * break the download: it is handed to `failed` and destroys the response.
 */
export async function patentsWorkbook(batches: AsyncIterable<PatentDetail[]>, locale: Locale, failed: (error: unknown) => void): Promise<PassThrough> {
  const response = new PassThrough();
  // Loaded with the first export, not at start: exceljs costs every process memory otherwise.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: response, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(text("server.patents.exportSheet").in(locale));
  sheet.addRow(EXPORT_COLUMNS.map((column) => text(`server.patents.columns.${column}`).in(locale))).commit();
  void (async () => {
    let index = 0;
    for await (const batch of batches) {
      for (const patent of batch) {
        sheet.addRow(exportRow(locale, patent, ++index)).commit();
        if (index % EXPORT_STEP === 0 && !(await roomIn(sheet, response))) return;
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    failed(error);
    response.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return response;
}
