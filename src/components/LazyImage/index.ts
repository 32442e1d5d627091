export { LazyImage, SCROLL_THROTTLE_MS, type LazyImageProps } from "./LazyImage";
export { throttle, type Throttled } from "./throttle";
