import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** What the built app is made from: a change to any of these calls for a new build. */
const SOURCES = ["src", "providers", "resources", "contract", "public", "index.html", "vite.config.ts", "package.json"];

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestModification(join(path, entry))), 0);
}

/** True when STATIC_DIR has no index.html or one older than a source file. */
export function buildIsStale(root: string, staticDir: string): boolean {
  const index = join(staticDir, "index.html");
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((name) => newestModification(join(root, name)) > built);
}

/** Runs `vite build` into STATIC_DIR with its output on this terminal; false when it fails. */
export function buildAppInto(root: string, staticDir: string): boolean {
  const vite = join(root, "node_modules", ".bin", "vite");
  const result = spawnSync(vite, ["build", "--outDir", staticDir], { cwd: root, stdio: "inherit" });
  return result.status === 0;
}
