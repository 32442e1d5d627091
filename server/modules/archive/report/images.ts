/** Raster formats Word embeds, as the docx package names them. */
export type ImageKind = "png" | "jpg" | "gif" | "bmp";

export interface EmbeddedImage {
  kind: ImageKind;
  data: Buffer;
  width: number;
  height: number;
}

/** Wider pictures are scaled down to the text width of an A4 page with default margins (in px). */
const MAX_WIDTH = 600;
/** When the header cannot be read, the picture still shows, at a modest size. */
const FALLBACK = { width: 400, height: 300 };

export function imageKindOf(mimeType: string): ImageKind | null {
  switch (mimeType) {
    case "image/png":
      return "png";
    case "image/jpeg":
      return "jpg";
    case "image/gif":
      return "gif";
    case "image/bmp":
      return "bmp";
    default:
      return null;
  }
}

/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(data: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1];
    const length = data.readUInt16BE(offset + 2);
    // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** The picture's own size in pixels, read from its header. */
function pixelSize(kind: ImageKind, data: Buffer): { width: number; height: number } | null {
  if (kind === "png" && data.length >= 24) return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (kind === "gif" && data.length >= 10) return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  if (kind === "bmp" && data.length >= 26) return { width: data.readInt32LE(18), height: Math.abs(data.readInt32LE(22)) };
  if (kind === "jpg") return jpegSize(data);
  return null;
}

export function embeddedImage(kind: ImageKind, data: Buffer): EmbeddedImage {
  const size = pixelSize(kind, data);
  const { width, height } = size && size.width > 0 && size.height > 0 ? size : FALLBACK;
  const scale = Math.min(1, MAX_WIDTH / width);
  return { kind, data, width: Math.round(width * scale), height: Math.round(height * scale) };
}
