import type { Readable } from "node:stream";
import type { PatentDetail } from "../../../contract/schemas/patents";
import type { Locale } from "../../../i18n/types";
import { text } from "../../i18n";
import { numberedRows, xlsxDownload, type XlsxCell } from "../files/xlsx";

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

function exportRow(locale: Locale, patent: PatentDetail, index: number): XlsxCell[] {
  const joined = (values: readonly string[]) => values.join("; ");
  return [
    index + 1,
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

/**
 * The patents as an .xlsx download, column names and values in `locale`, written as `batches` are
 * read and as the client reads (xlsxDownload): no further once the client has gone.
 */
export function patentsWorkbook(batches: AsyncIterable<PatentDetail[]>, locale: Locale, failed: (error: unknown) => void): Promise<Readable> {
  const rows = numberedRows(batches, (patent, index) => exportRow(locale, patent, index));
  const header = EXPORT_COLUMNS.map((column) => text(`server.patents.columns.${column}`).in(locale));
  return xlsxDownload(text("server.patents.exportSheet").in(locale), header, rows, failed);
}
