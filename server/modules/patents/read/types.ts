/**
 * What the import (server/modules/patents/import*) asks of the export readers, and what they give
 * back (issue 12 item 1). The readers live beside this file; the import stores what they read.
 */
import type { ColumnMapping } from "../../../../contract/patents/headers";
import type { ReadRow } from "../../../../contract/patents/record";
import type { DocumentText } from "../search/fullText";

/* The mapping is the contract's: the app's column-mapping step and saved presets speak it too. */
export type { ColumnMapping };

/** The export formats told apart by the readers. */
export type ExportFormat = "xlsx" | "csv" | "trs";

/**
 * A row as the reader's thread hands it on (read/inWorker.ts): a patent as JSON (a string crosses
 * between threads far more cheaply than the object) with its publication number and its full-text
 * document's text (search/fullText.ts, made there for the server's database), or why the line could
 * not be read.
 */
export type ThreadRow = { line: number; publicationNumber: string; json: string; text: DocumentText } | Extract<ReadRow, { problem: unknown }>;

/** An export opened for reading: its rows are ReadRows, or ThreadRows from a reader's thread. */
export interface OpenedExport<Row = ReadRow> {
  format: ExportFormat;
  /** csv and trs: the encoding detected. */
  encoding?: "utf-8" | "gb18030";
  /** The file's headers in order (TRS: the field names met in the first records). */
  headers: string[];
  /** The mapping in force: the given one where it names a header, the alias table elsewhere. */
  mapping: ColumnMapping;
  /** Headers the alias table does not know and the given mapping leaves out. */
  unmapped: string[];
  /** Whether the fields a patent needs (publication number, title) are mapped; the import refuses the file otherwise. */
  complete: boolean;
  /** Rows in the file, when known before reading them (xlsx: the sheet's dimension; otherwise null). */
  total: number | null;
  /** The rows, read one by one (memory stays bounded whatever the file's size); lines count as the file shows them (the header is line 1). */
  rows(): AsyncIterable<Row>;
  /** Lets go of the file when its rows will not be read (after the mapping step, a refusal): a reader held open, a reader's thread. */
  close(): Promise<void>;
}

/** Why a file cannot be opened at all (its rows are never read): not the format it claims, no header row to map, or a package past its bounds. */
export class UnreadableExport extends Error {
  constructor(
    readonly reason: "unreadable" | "empty" | "tooLarge",
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = "UnreadableExport";
  }
}
