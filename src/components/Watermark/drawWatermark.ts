/** SPEC 9: one tile of the watermark is a 200 x 150 canvas with the text turned by -20 degrees. */
export const TILE_WIDTH = 200;
export const TILE_HEIGHT = 150;
export const TILE_ANGLE_DEG = -20;

export interface WatermarkLook {
  font?: string;
  color?: string;
}

const DEFAULT_FONT = "16px sans-serif";
const DEFAULT_COLOR = "rgba(0, 0, 0, 0.12)";
const LINE_HEIGHT = 22;

/** A data URL of one tile, or undefined where the browser cannot draw on a canvas. */
export function watermarkTile(lines: readonly string[], look: WatermarkLook = {}): string | undefined {
  const canvas = document.createElement("canvas");
  canvas.width = TILE_WIDTH;
  canvas.height = TILE_HEIGHT;
  const context = canvas.getContext("2d");
  if (!context) return undefined;
  context.translate(TILE_WIDTH / 2, TILE_HEIGHT / 2);
  context.rotate((TILE_ANGLE_DEG * Math.PI) / 180);
  context.font = look.font ?? DEFAULT_FONT;
  context.fillStyle = look.color ?? DEFAULT_COLOR;
  context.textAlign = "center";
  context.textBaseline = "middle";
  const firstLineY = (-(lines.length - 1) * LINE_HEIGHT) / 2;
  lines.forEach((line, index) => context.fillText(line, 0, firstLineY + index * LINE_HEIGHT));
  return canvas.toDataURL("image/png");
}
