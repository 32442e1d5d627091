/**
 * A job's patents between reading and writing them: the JSON of each, one a line, in a file of a
 * folder of the job's own (under UPLOAD_DIR, on the data's disk), appended as the rows are read
 * and read back a batch at a time when they are written. A file, not rows of the database: the
 * database would write each record twice (table and log) and keep both, and read it back and
 * delete it after, for nothing the other processes need to see.
 */
import { createReadStream } from "node:fs";
import { mkdir, open, rm, type FileHandle } from "node:fs/promises";
import { join } from "node:path";

/** Characters gathered before they are written to the file, and bytes read back at a time. */
const WRITE_CHARS = 1024 * 1024;
const READ_BYTES = 1024 * 1024;
const NEWLINE = 0x0a;

/** The folder of a job's staged records (known to any process from the job's id, to remove a dead one's). */
export const stagingFolder = (root: string, jobId: number) => join(root, `job-${jobId}`);

export class StagedRecords {
  private pending: string[] = [];
  private pendingChars = 0;
  private count = 0;

  private constructor(
    private readonly folder: string,
    private readonly path: string,
    private readonly file: FileHandle,
  ) {}

  static async create(root: string, jobId: number): Promise<StagedRecords> {
    const folder = stagingFolder(root, jobId);
    await mkdir(folder, { recursive: true });
    const path = join(folder, "records.ndjson");
    return new StagedRecords(folder, path, await open(path, "w", 0o600));
  }

  /** Stages one record's JSON (a JSON text holds no line break of its own). */
  async add(json: string): Promise<void> {
    this.pending.push(json, "\n");
    this.pendingChars += json.length + 1;
    this.count += 1;
    if (this.pendingChars >= WRITE_CHARS) await this.flush();
  }

  /** How many records are staged. */
  get size(): number {
    return this.count;
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const text = this.pending.join("");
    this.pending = [];
    this.pendingChars = 0;
    await this.file.write(text);
  }

  /**
   * The staged records' JSON, `size` at a time, in the order staged (what is gathered is written
   * first). Lines are found in the bytes and each decoded alone: no chunk-sized string is made.
   */
  async *batches(size: number): AsyncGenerator<string[]> {
    await this.flush();
    let batch: string[] = [];
    let rest: Buffer | null = null;
    for await (const read of createReadStream(this.path, { highWaterMark: READ_BYTES })) {
      const chunk: Buffer = rest === null ? (read as Buffer) : Buffer.concat([rest, read as Buffer]);
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        batch.push(chunk.toString("utf8", start, end));
        start = end + 1;
        if (batch.length >= size) {
          yield batch;
          batch = [];
        }
      }
      rest = start < chunk.length ? chunk.subarray(start) : null;
    }
    if (batch.length > 0) yield batch;
  }

  /** Closes and removes the file and its folder. */
  async remove(): Promise<void> {
    await this.file.close();
    await rm(this.folder, { recursive: true, force: true });
  }
}
