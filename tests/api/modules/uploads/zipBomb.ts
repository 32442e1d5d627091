import { once } from "node:events";
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

export interface ZipEntryBytes {
  name: string;
  /** Raw deflate data. */
  deflated: Buffer;
  crc: number;
  /** The uncompressed size the headers declare (a bomb may lie here). */
  declaredSize: number;
}

/** `size` spaces deflated as they are made, so the test never holds them: ~1 KB per MB. */
export async function deflatedSpaces(size: number): Promise<{ deflated: Buffer; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => out.push(chunk));
  const block = Buffer.alloc(1024 * 1024, 0x20);
  let crc = 0;
  for (let done = 0; done < size; done += block.length) {
    const piece = block.subarray(0, Math.min(block.length, size - done));
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await once(deflate, "drain");
  }
  deflate.end();
  await once(deflate, "end");
  return { deflated: Buffer.concat(out), crc };
}

function deflatedEntry(name: string, text: string): ZipEntryBytes {
  const bytes = Buffer.from(text, "utf8");
  return { name, deflated: deflateRawSync(bytes), crc: crc32(bytes), declaredSize: bytes.length };
}

/** A zip written by hand (local headers, central directory, end record), its sizes as given. */
export function zipOf(entries: ZipEntryBytes[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    directory.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

/**
 * A zip bomb shaped as an Office package: the part `bombPart` is `size` spaces (128 MB deflate to
 * ~128 KB) beside a small document part. With `lying`, the bomb's headers declare 1 KB, so only
 * inflating it shows what it is.
 */
export async function officeBomb(bombPart: string, size: number, lying = false): Promise<Buffer> {
  const { deflated, crc } = await deflatedSpaces(size);
  return zipOf([
    { name: bombPart, deflated, crc, declaredSize: lying ? 1024 : size },
    deflatedEntry("word/document.xml", '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>'),
  ]);
}
