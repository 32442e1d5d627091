import { open, type FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import { createInflateRaw, crc32 } from "node:zlib";
import { text } from "../../i18n";

/**
 * The one way the server opens an uploaded zip (an Office Open XML package): the central directory
 * is checked against bounds before anything is inflated, and each entry read is inflated as a
 * stream that is cut off the moment it passes its declared size or a bound, since the declared
 * sizes are the sender's word and may lie. A zip bomb therefore costs a few reads and at most one
 * bound's worth of memory, never what it would unpack to.
 */

export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Uncompressed bytes of all entries together, as declared. */
  maxTotalBytes: number;
  /** Uncompressed bytes of any one entry, declared or inflated. */
  maxEntryBytes: number;
  /** Uncompressed size over compressed size, for entries above RATIO_FLOOR_BYTES. */
  maxRatio: number;
}

/** Office documents up to the upload limit: real ones have tens to a few hundred parts compressing ~5-30 times. */
export const OFFICE_PACKAGE_LIMITS: ZipLimits = {
  maxEntries: 5000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntryBytes: 64 * 1024 * 1024,
  maxRatio: 200,
};

/** Small entries may compress as well as they like (an empty sheet is mostly a repeated tag): they cannot hurt. */
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** More than this much central directory is no Office package (5000 entries take a few hundred KB). */
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;
const READ_CHUNK = 64 * 1024;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const ENTRY_FIXED_BYTES = 46;
const LOCAL_FIXED_BYTES = 30;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x1;

export const ZipMessages = {
  tooLarge: text("server.uploads.zipTooLarge"),
} as const;

/** Why a package was refused: unreadable (no zip, damaged, encrypted, ZIP64) or past a bound. */
export class ZipRefusal extends Error {
  constructor(
    readonly reason: "unreadable" | "tooLarge",
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = "ZipRefusal";
  }
}

const unreadable = (detail: string) => new ZipRefusal("unreadable", detail);
const tooLarge = (detail: string) => new ZipRefusal("tooLarge", detail);

/** Random access to the zip's bytes: an uploaded file on the disk, or bytes already in memory. */
export interface ZipSource {
  readonly size: number;
  read(position: number, length: number): Promise<Buffer>;
}

export function bufferSource(bytes: Buffer): ZipSource {
  return { size: bytes.length, read: async (position, length) => bytes.subarray(position, position + length) };
}

function fileSource(handle: FileHandle, size: number): ZipSource {
  return {
    size,
    read: async (position, length) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      return buffer.subarray(0, bytesRead);
    },
  };
}

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The end-of-central-directory record: searched from the end, past a comment of up to 64 KB. */
async function endRecord(source: ZipSource): Promise<Buffer> {
  if (source.size < END_RECORD_BYTES) throw unreadable("too short");
  const tailStart = Math.max(0, source.size - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  const tail = await source.read(tailStart, source.size - tailStart);
  for (let at = tail.length - END_RECORD_BYTES; at >= 0; at--) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY) return tail.subarray(at, at + END_RECORD_BYTES);
  }
  throw unreadable("no end of central directory");
}

function checkDeclared(entry: ZipEntry, limits: ZipLimits): void {
  if (entry.size > limits.maxEntryBytes) throw tooLarge(`${entry.name} declares ${entry.size} bytes`);
  if (entry.size > RATIO_FLOOR_BYTES && entry.size > entry.compressedSize * limits.maxRatio) {
    throw tooLarge(`${entry.name} declares a ratio over ${limits.maxRatio}`);
  }
}

async function readDirectory(source: ZipSource, limits: ZipLimits): Promise<Map<string, ZipEntry>> {
  const end = await endRecord(source);
  const count = end.readUInt16LE(10);
  const directorySize = end.readUInt32LE(12);
  const directoryOffset = end.readUInt32LE(16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw unreadable("ZIP64");
  if (end.readUInt16LE(4) !== 0 || end.readUInt16LE(6) !== 0) throw unreadable("split archive");
  if (count > limits.maxEntries) throw tooLarge(`${count} entries`);
  if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > source.size) throw unreadable("central directory out of bounds");

  const directory = await source.read(directoryOffset, directorySize);
  const entries = new Map<string, ZipEntry>();
  let total = 0;
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + ENTRY_FIXED_BYTES > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw unreadable("damaged central directory");
    const nameLength = directory.readUInt16LE(at + 28);
    const next = at + ENTRY_FIXED_BYTES + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    if (next > directory.length) throw unreadable("damaged central directory");
    const entry: ZipEntry = {
      name: directory.toString("utf8", at + ENTRY_FIXED_BYTES, at + ENTRY_FIXED_BYTES + nameLength),
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      crc: directory.readUInt32LE(at + 16),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
    };
    checkDeclared(entry, limits);
    total += entry.size;
    if (total > limits.maxTotalBytes) throw tooLarge(`entries declare over ${limits.maxTotalBytes} bytes`);
    if (entry.localOffset + entry.compressedSize > source.size) throw unreadable(`${entry.name} lies outside the file`);
    entries.set(entry.name, entry);
    at = next;
  }
  return entries;
}

async function* compressedChunks(source: ZipSource, start: number, length: number): AsyncGenerator<Buffer> {
  for (let done = 0; done < length; ) {
    const chunk = await source.read(start + done, Math.min(READ_CHUNK, length - done));
    if (chunk.length === 0) throw unreadable("data cut short");
    done += chunk.length;
    yield chunk;
  }
}

/** An opened package: its entry names, and each entry's bytes inflated within the bounds. */
export class ZipPackage {
  private inflated = 0;

  constructor(
    private readonly source: ZipSource,
    private readonly entries: Map<string, ZipEntry>,
    private readonly limits: ZipLimits,
  ) {}

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /**
   * The entry's bytes, or undefined when there is no such entry. `maxBytes` bounds this read
   * below the package's per-entry bound (a part that should be small, like [Content_Types].xml).
   */
  async bytes(name: string, maxBytes = this.limits.maxEntryBytes): Promise<Buffer | undefined> {
    const chunks = this.chunks(name, maxBytes);
    if (!chunks) return undefined;
    const parts: Buffer[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    return Buffer.concat(parts);
  }

  /**
   * The entry's bytes inflated a chunk at a time, within the same bounds as bytes() (a part too
   * large to hold, such as a worksheet, is read as a stream); undefined when there is no such
   * entry. The size and checksum are checked once the last chunk has come, so a reader must
   * read to the end before trusting what it read.
   */
  chunks(name: string, maxBytes = this.limits.maxEntryBytes): AsyncGenerator<Buffer> | undefined {
    const entry = this.entries.get(name);
    return entry && this.inflate(entry, maxBytes);
  }

  private async *inflate(entry: ZipEntry, maxBytes: number): AsyncGenerator<Buffer> {
    const { name } = entry;
    if (entry.flags & ENCRYPTED_FLAG) throw unreadable(`${name} is encrypted`);
    if (entry.method !== STORED && entry.method !== DEFLATED) throw unreadable(`${name} uses method ${entry.method}`);
    if (entry.size > maxBytes) throw tooLarge(`${name} declares ${entry.size} bytes`);

    const header = await this.source.read(entry.localOffset, LOCAL_FIXED_BYTES);
    if (header.length < LOCAL_FIXED_BYTES || header.readUInt32LE(0) !== LOCAL_HEADER) throw unreadable(`${name} has no local header`);
    const start = entry.localOffset + LOCAL_FIXED_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (start + entry.compressedSize > this.source.size) throw unreadable(`${name} lies outside the file`);

    // Whichever comes first: the declared size (a longer output is a lie), this read's bound, the
    // ratio bound, what the whole package may inflate to.
    const ratioBound = Math.max(RATIO_FLOOR_BYTES, entry.compressedSize * this.limits.maxRatio);
    const bound = Math.min(entry.size, maxBytes, ratioBound, this.limits.maxTotalBytes - this.inflated);
    const compressed = Readable.from(compressedChunks(this.source, start, entry.compressedSize));
    const output = entry.method === DEFLATED ? compressed.pipe(createInflateRaw({ chunkSize: READ_CHUNK })) : compressed;
    compressed.once("error", (error) => output.destroy(error));
    let length = 0;
    let crc = 0;
    try {
      for await (const chunk of output as AsyncIterable<Buffer>) {
        length += chunk.length;
        this.inflated += chunk.length;
        // Past the declared size too: data that unpacks to more than it says is treated as the bomb it likely is.
        if (length > bound) throw tooLarge(`${name} inflates past ${bound} bytes`);
        crc = crc32(chunk, crc);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof ZipRefusal) throw error;
      throw unreadable(`${name}: ${(error as Error).message}`);
    } finally {
      compressed.destroy();
      output.destroy();
    }
    if (length !== entry.size || crc >>> 0 !== entry.crc) throw unreadable(`${name} does not match its declared size or checksum`);
  }

  async text(name: string, maxBytes?: number): Promise<string | undefined> {
    return (await this.bytes(name, maxBytes))?.toString("utf8");
  }
}

/** Opens zip bytes already in memory (an import read whole within the upload limit). */
export async function openZip(bytes: Buffer, limits: ZipLimits = OFFICE_PACKAGE_LIMITS): Promise<ZipPackage> {
  const source = bufferSource(bytes);
  return new ZipPackage(source, await readDirectory(source, limits), limits);
}

/**
 * Opens a zip on the disk, reading only the parts asked for, until close() (a reader that streams
 * its entries past one call); withZipFile is the usual way.
 */
export async function openZipFile(path: string, limits: ZipLimits = OFFICE_PACKAGE_LIMITS): Promise<{ zip: ZipPackage; close(): Promise<void> }> {
  const handle = await open(path, "r");
  try {
    const source = fileSource(handle, (await handle.stat()).size);
    return { zip: new ZipPackage(source, await readDirectory(source, limits), limits), close: () => handle.close() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Opens a zip on the disk for the span of `read`, reading only the parts it asks for. */
export async function withZipFile<T>(path: string, read: (zip: ZipPackage) => Promise<T>, limits: ZipLimits = OFFICE_PACKAGE_LIMITS): Promise<T> {
  const { zip, close } = await openZipFile(path, limits);
  try {
    return await read(zip);
  } finally {
    await close();
  }
}
