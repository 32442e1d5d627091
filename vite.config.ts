import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// Paths the API server answers; in `npm run dev` Vite forwards them to it.
const apiPrefixes = ["/api", "/uaa", "/patnavi", "/oauth", "/portal", "/idp"];
const apiTarget = process.env.API_TARGET ?? "http://127.0.0.1:8080";
const markdownPackages =
  /node_modules\/(react-markdown|remark-[^/]+|micromark[^/]*|mdast-util-[^/]+|unified|vfile[^/]*|hast-util-[^/]+|unist-util-[^/]+|property-information)\//;

// Every browser the build targets (Vite's default, widely available baseline) has ResizeObserver; the
// polyfill antd's resize observer imports would only hand the native one back, yet weighs ~3.5 KB gzip
// on every page. jsdom has none, so unit tests keep the polyfill.
const nativeResizeObserver = process.env.VITEST
  ? []
  : [{ find: /^resize-observer-polyfill$/, replacement: fileURLToPath(new URL("./src/nativeResizeObserver.ts", import.meta.url)) }];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: nativeResizeObserver },
  // Draft.js (inside braft-editor) reads the Node global `global`.
  define: { global: "globalThis" },
  build: {
    outDir: "dist",
    manifest: true,
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      treeshake: {
        // @refinedev/antd imports its MarkdownField's parser (react-markdown, remark, micromark: ~40 KB
        // gzip) on every page that uses its hooks; those packages declare no sideEffects, so the import
        // stays unless we say it may go. The app renders no markdown, so nothing uses them.
        // Likewise @refinedev/core's CSV parser (papaparse, ~8 KB gzip on every signed-in page), which only
        // its useImport and useExport use, and the app uses neither.
        moduleSideEffects: [
          { test: markdownPackages, sideEffects: false },
          { test: /node_modules\/papaparse\//, sideEffects: false },
        ],
      },
      output: {
        // Everything the entry imports statically loads on every first visit anyway: one chunk rather
        // than the dozens of small shared ones the automatic splitting makes of it (each a request, each
        // compressed alone), about 10 KB gzip less on every route.
        codeSplitting: { groups: [{ name: "initial", tags: ["$initial"] }] },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "jsdom",
          // Under the whole suite on two cores a jsdom test of a form with a remote search takes
          // several seconds; Vitest's default five would fail it for being slow, not wrong.
          testTimeout: 30_000,
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/unit/setup.ts"],
          // One react-router copy: Refine's packages must go through Vite like the app does.
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          environment: "node",
          include: ["tests/api/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          environment: "node",
          // A page on this 2-core machine under the whole suite can take seconds to answer; expect.poll's
          // default second would fail a test for being slow, not wrong.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
