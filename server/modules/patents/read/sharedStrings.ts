/**
 * The shared-string table of an .xlsx sheet, in a file of its own. Excel puts every distinct text
 * of a sheet in it (for a 100,000-patent export, each title and abstract: some 100 MB as
 * JavaScript strings), so the strings' UTF-8 is written one after another to the file and only
 * where each begins is kept in memory (a number a string, on the heap, so a table too large for
 * the reader thread's bound ends the thread rather than growing outside it). A cell reads its
 * string back when its row is read.
 */
import { closeSync, openSync, readSync, writeSync } from "node:fs";

/** Bytes of strings gathered before they are written to the file. */
const WRITE_BYTES = 1024 * 1024;
/**
 * Bytes read ahead at a time. A sheet uses its new strings in the order they were added (Excel
 * adds a string when a cell first uses it), so each row's title and abstract are next in the file.
 */
const WINDOW_BYTES = 1024 * 1024;
/**
 * Strings used again (an applicant, a status, a code) are short: up to this many characters, a
 * string read is kept, in two generations of up to GENERATION_CHARS each: when the newer is full
 * it becomes the older and the older is dropped, so what is used again and again stays.
 */
const KEPT_MAX_LENGTH = 256;
const GENERATION_CHARS = 1024 * 1024;

export class SharedStrings {
  private readonly fd: number;
  /** Where each string begins in the file, and after the last where the file ends. */
  private readonly starts: number[] = [0];
  private written = 0;
  private readonly pending = Buffer.allocUnsafe(WRITE_BYTES);
  private pendingLength = 0;
  private window = Buffer.allocUnsafe(WINDOW_BYTES);
  private windowStart = 0;
  private windowLength = 0;
  private newer = new Map<number, string>();
  private older = new Map<number, string>();
  private newerChars = 0;

  constructor(path: string) {
    this.fd = openSync(path, "w+", 0o600);
  }

  get count(): number {
    return this.starts.length - 1;
  }

  add(text: string): void {
    const bytes = Buffer.byteLength(text);
    if (this.pendingLength + bytes > WRITE_BYTES) this.flush();
    if (bytes > WRITE_BYTES) writeSync(this.fd, Buffer.from(text), 0, bytes, this.written);
    else this.pendingLength += this.pending.write(text, this.pendingLength);
    this.written += bytes;
    this.starts.push(this.written);
  }

  /** Writes out what is gathered: every string added before is then readable. */
  flush(): void {
    if (this.pendingLength === 0) return;
    writeSync(this.fd, this.pending, 0, this.pendingLength, this.written - this.pendingLength);
    this.pendingLength = 0;
  }

  /** The string at `index` (flush() first); an index past the table reads as an empty cell, as Excel shows it. */
  get(index: number): string | null {
    if (!(index >= 0 && index < this.count)) return null;
    const kept = this.newer.get(index);
    if (kept !== undefined) return kept;
    const start = this.starts[index];
    const length = this.starts[index + 1] - start;
    if (length === 0) return "";
    const text = this.older.get(index) ?? this.read(start, length);
    if (text.length <= KEPT_MAX_LENGTH) this.keep(index, text);
    return text;
  }

  private read(start: number, length: number): string {
    if (start >= this.windowStart && start + length <= this.windowStart + this.windowLength) {
      const at = start - this.windowStart;
      return this.window.toString("utf8", at, at + length);
    }
    // Behind the window (a string used again) or longer than it: read just that string.
    if (start < this.windowStart || length > WINDOW_BYTES) return this.readExactly(Buffer.allocUnsafe(length), start, length).toString("utf8");
    this.windowStart = start;
    this.windowLength = this.readExactly(this.window, start, Math.min(WINDOW_BYTES, this.written - start)).length;
    return this.window.toString("utf8", 0, length);
  }

  private readExactly(buffer: Buffer, position: number, length: number): Buffer {
    let read = 0;
    while (read < length) {
      const got = readSync(this.fd, buffer, read, length - read, position + read);
      if (got === 0) throw new Error("the shared strings' file ended early");
      read += got;
    }
    return buffer.subarray(0, length);
  }

  private keep(index: number, text: string): void {
    if (this.newerChars + text.length > GENERATION_CHARS) {
      this.older = this.newer;
      this.newer = new Map();
      this.newerChars = 0;
    }
    this.newer.set(index, text);
    this.newerChars += text.length;
  }

  close(): void {
    closeSync(this.fd);
  }
}
