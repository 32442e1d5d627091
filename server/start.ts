import { resolve } from "node:path";
import { buildAppInto, buildIsStale } from "./appBuild";
import { ConfigError, loadConfig, loadDotEnv } from "./config";

/*
 * What `npm start` runs, built (scripts/build-server.mjs: build/server/start.js): builds the app
 * when the build is missing or older than its sources, then starts the server (main), which
 * reads the configuration again for itself.
 */
const root = resolve(import.meta.dirname, import.meta.filename.endsWith(".ts") ? ".." : "../..");

try {
  loadDotEnv();
  const { staticDir } = loadConfig(process.env);
  if (buildIsStale(root, staticDir)) {
    process.stdout.write(`building the app into ${staticDir}\n`);
    if (!buildAppInto(root, staticDir)) {
      process.stderr.write("app build failed: see the vite output above\n");
      process.exit(1);
    }
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

await import("./main");
