import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, type ReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Kysely } from "kysely";
import { downloadPath, type UploadedFile } from "../../../contract/files";
import type { Dialect } from "../../db/database";
import type { Database, FileRow } from "../../db/schema";
import { toDbTime } from "../../db/time";
import { AppError } from "../../errors";
import { text } from "../../i18n";
import { UploadMessages, uploadFailure } from "../../plugins/bodies";
import { cleanFileName } from "./fileName";
import { SNIFF_BYTES, sniffMimeType } from "./mimeType";

export interface IncomingFile {
  filename: string;
  /** The multipart stream; `truncated` is set when it hit the size limit. */
  file: Readable & { truncated?: boolean };
}

interface StoreOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  uploadDir: string;
  uploadMaxMb: number;
}

/** Counts, hashes and keeps the first bytes of what flows through, for the metadata row. */
class Meter extends Transform {
  size = 0;
  readonly hash = createHash("sha256");
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.headLength < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.headLength);
      this.headChunks.push(part);
      this.headLength += part.length;
    }
    done(null, chunk);
  }

  head(): Buffer {
    return Buffer.concat(this.headChunks);
  }
}

export const fileNotFound = () => AppError.notFound(text("server.uploads.notFound"));

/**
 * Uploaded files: the bytes under UPLOAD_DIR, named by a random id and spread over 256 folders,
 * the metadata in the `files` table.
 */
export class FileStore {
  constructor(private readonly options: StoreOptions) {}

  private pathOf(storageName: string): string {
    return join(this.options.uploadDir, storageName);
  }

  /** Where a stored file's bytes are, for readers that need random access (the zip reader). */
  diskPath(file: FileRow): string {
    return this.pathOf(file.storageName);
  }

  /**
   * Streams the file to a temporary name and moves it into place only when it arrived whole and
   * within the size limit, so a failed or oversized upload leaves nothing behind.
   */
  async save(incoming: IncomingFile, createdBy: number | null): Promise<UploadedFile> {
    const { db, dialect, uploadDir, uploadMaxMb } = this.options;
    const id = randomBytes(16).toString("hex");
    const name = cleanFileName(incoming.filename);
    const incomingDir = join(uploadDir, ".incoming");
    const temp = join(incomingDir, `${id}.part`);
    await mkdir(incomingDir, { recursive: true });

    // The parser destroys the part (without an error) when the body ended before the part's closing
    // boundary; a pipeline from an already destroyed stream would wait forever.
    if (incoming.file.destroyed) throw AppError.badRequest(UploadMessages.stalled);
    const meter = new Meter();
    try {
      // A body cut short, stalled (server/plugins/bodies.ts) or abandoned by its client fails this
      // pipeline, which closes the temporary file; then it is removed.
      await pipeline(incoming.file, meter, createWriteStream(temp, { flags: "wx" }));
    } catch (error) {
      await rm(temp, { force: true });
      throw uploadFailure(error);
    }
    if (incoming.file.truncated) {
      await rm(temp, { force: true });
      throw AppError.payloadTooLarge(text("server.uploads.tooLarge", { max: uploadMaxMb }));
    }
    if (meter.size === 0) {
      await rm(temp, { force: true });
      throw AppError.badRequest(text("server.uploads.empty"));
    }

    const storageName = `${id.slice(0, 2)}/${id}`;
    const mimeType = sniffMimeType(meter.head(), name);
    try {
      await mkdir(join(uploadDir, id.slice(0, 2)), { recursive: true });
      await rename(temp, this.pathOf(storageName));
      await db
        .insertInto("files")
        .values({
          id,
          originalName: name,
          mimeType,
          size: meter.size,
          sha256: meter.hash.digest("hex"),
          storageName,
          createdBy,
          createdAt: toDbTime(dialect, new Date()),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    } catch (error) {
      await rm(temp, { force: true });
      await rm(this.pathOf(storageName), { force: true });
      throw error;
    }
    return { id, name, size: meter.size, mimeType, url: downloadPath(id) };
  }

  async find(id: string): Promise<FileRow | undefined> {
    return this.options.db.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The stored bytes and their length; undefined when they are gone from the disk. */
  async open(file: FileRow): Promise<{ stream: ReadStream; size: number } | undefined> {
    const path = this.pathOf(file.storageName);
    try {
      const { size } = await stat(path);
      return { stream: createReadStream(path), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }
}
