/**
 * The characters of a text export (.csv, CNIPA TRS): UTF-8, with or without Excel's BOM, or
 * GB18030, which Excel and WPS on Chinese Windows write for plain "CSV" and CNIPA's tools for TRS
 * (GBK and GB2312 are subsets of it). Read as a stream: a file of any size costs a chunk at a time.
 */
import { createReadStream } from "node:fs";
import iconv from "iconv-lite";

export type TextEncoding = "utf-8" | "gb18030";

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * UTF-8 when the file has a BOM or every byte of it is valid UTF-8; GB18030 otherwise. The whole
 * file is checked, since a GB18030 file may be plain ASCII for its first megabytes (a header and
 * numbers) and a UTF-8 check of a prefix would pass it.
 */
export async function detectEncoding(path: string): Promise<TextEncoding> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let first = true;
  try {
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      if (first && chunk.subarray(0, 3).equals(BOM)) return "utf-8";
      first = false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) return "gb18030";
    throw error;
  }
  return "utf-8";
}

/** The file's text, chunk by chunk, without a leading BOM; characters split between chunks are joined. */
export async function* textChunks(path: string, encoding: TextEncoding): AsyncGenerator<string> {
  const decoder = iconv.getDecoder(encoding === "utf-8" ? "utf8" : "gb18030", { stripBOM: true });
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    const text = decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}
