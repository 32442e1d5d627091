/** SPEC 9: 90 degree turns, zoom steps of 0.1 that never go below 0.1. */
export const ANGLE_STEP = 90;
export const ZOOM_STEP = 0.1;
export const MIN_SCALE = 0.1;
/** SPEC 9: the image fits in 80% of the window and each change animates for 500 ms. */
export const DEFAULT_MAX_SIZE_RATIO = 0.8;
export const PREVIEW_ANIMATION_MS = 500;

export interface PreviewTransform {
  /** Degrees, kept unbounded so each turn animates the short way. */
  rotate: number;
  scale: number;
}

export const INITIAL_TRANSFORM: PreviewTransform = { rotate: 0, scale: 1 };

// Steps of 0.1 in binary floating point drift (1.2000000000000002); one decimal is all there is.
const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

export const rotateLeft = (t: PreviewTransform): PreviewTransform => ({ ...t, rotate: t.rotate - ANGLE_STEP });
export const rotateRight = (t: PreviewTransform): PreviewTransform => ({ ...t, rotate: t.rotate + ANGLE_STEP });
export const zoomIn = (t: PreviewTransform): PreviewTransform => ({ ...t, scale: oneDecimal(t.scale + ZOOM_STEP) });
export const zoomOut = (t: PreviewTransform): PreviewTransform => ({
  ...t,
  scale: Math.max(MIN_SCALE, oneDecimal(t.scale - ZOOM_STEP)),
});

export const transformCss = (t: PreviewTransform): string => `rotate(${t.rotate}deg) scale(${t.scale})`;
