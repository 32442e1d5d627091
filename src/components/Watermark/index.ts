export { Watermark, type WatermarkProps } from "./Watermark";
export { TILE_ANGLE_DEG, TILE_HEIGHT, TILE_WIDTH, watermarkTile, type WatermarkLook } from "./drawWatermark";
