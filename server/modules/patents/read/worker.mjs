/**
 * The entry of the export reader's thread when the server runs from its sources (`tsx`, Vitest):
 * plain JavaScript, which a Worker starts whatever loads the server, loading the TypeScript reader
 * through tsx's own loader (scoped to this import). A server built to JavaScript (npm start's
 * scripts/build-server.mjs) starts the built worker.js instead (inWorker.ts), without a compiler.
 */
import { tsImport } from "tsx/esm/api";

await tsImport("./worker.ts", import.meta.url);
