export { ImagePreviewer, type ImagePreviewerProps } from "./ImagePreviewer";
export { ANGLE_STEP, DEFAULT_MAX_SIZE_RATIO, MIN_SCALE, PREVIEW_ANIMATION_MS, ZOOM_STEP } from "./previewTransform";
