/**
 * What one row, cell or package of an export may take, so a hostile file costs a row problem or a
 * refusal, never the server's memory. Real exports stay far below: Excel itself holds at most
 * 32,767 characters in a cell, and a patent with its abstract is a few thousand.
 */
import type { ResourceLimits } from "node:worker_threads";
import type { ZipLimits } from "../../files/zipReader";

/** Characters in one cell (or TRS field); more is the row problem tooLong. */
export const CELL_MAX_CHARS = 32_767;
/** Characters in one row or TRS record, all cells together; more is tooLong, and the rest of it is skipped unkept. */
export const RECORD_MAX_CHARS = 1_000_000;
/** Columns read from a row; further ones are ignored. */
export const MAX_COLUMNS = 512;
/** Rows searched for the header row (some exports put a title or the search query above it). */
export const HEADER_SEARCH_ROWS = 20;
/** TRS records read to learn the file's field names. */
export const TRS_HEADER_RECORDS = 50;

/**
 * An export's package as its zip directory declares it. A 100,000-patent sheet with abstracts is a
 * few hundred MB of XML; the sheet is streamed, so its size costs time, not memory. The shared
 * strings are streamed into a file (read/sharedStrings.ts) no larger than their part, so the
 * per-entry bound bounds that file too; where each string begins is on the reader thread's heap.
 */
export const EXPORT_PACKAGE_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxTotalBytes: 2 * 1024 * 1024 * 1024 - 1,
  maxEntryBytes: 512 * 1024 * 1024,
  maxRatio: 200,
};

/**
 * The heap of the thread that reads an export for the import (read/inWorker.ts). Reading keeps a
 * batch of rows, one row's cells and where each shared string begins (the strings themselves are
 * in a file, where each begins takes 8 bytes a string): a 100,000-patent .xlsx reads within a
 * 32 MB heap, its code included. Past the bound the thread is ended and the import fails with a
 * message, whatever the file would inflate to; the server's own heap is never touched. Room is
 * left for sheets of millions of strings, and as a tight heap spends its time collecting.
 */
export const READER_RESOURCE_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 96,
  maxYoungGenerationSizeMb: 16,
};

/**
 * Reader threads a server process runs at once (an import holds one while it reads; a header
 * inspection for as long as it takes to open the file): with READER_RESOURCE_LIMITS, what files
 * being read may cost a process together. One more is refused with 503 until one ends.
 */
export const READER_THREADS_MAX = 2;
