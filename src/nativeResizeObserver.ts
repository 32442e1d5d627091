/**
 * Stands in for resize-observer-polyfill in the build (vite.config.ts): every browser the build
 * targets has ResizeObserver, and the polyfill, which antd's resize observer imports, only ever hands
 * back the native one there while weighing about 3.5 KB gzip on every page.
 */
export default globalThis.ResizeObserver;
