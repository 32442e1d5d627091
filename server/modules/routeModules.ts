import { readdir } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FastifyPluginAsync } from "fastify";

const MODULES = dirname(fileURLToPath(import.meta.url));

/** The file a module's routes live in, its plugin the default export. */
const ROUTES_FILE = /^routes\.[cm]?[jt]s$/;
/** A module with one of these registers itself, explicitly, from app.ts (sign-in, single sign-on). */
const INDEX_FILE = /^index\.[cm]?[jt]s$/;

export interface RouteModule {
  /** The module's folder under server/modules, with "/" between parts (e.g. "archive/questions"). */
  name: string;
  plugin: FastifyPluginAsync;
}

async function routesFilesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  if (entries.some((entry) => entry.isFile() && INDEX_FILE.test(entry.name))) return [];
  const found = entries.filter((entry) => entry.isFile() && ROUTES_FILE.test(entry.name)).map((entry) => join(folder, entry.name));
  for (const entry of entries.filter((e) => e.isDirectory())) found.push(...(await routesFilesUnder(join(folder, entry.name))));
  return found;
}

/**
 * Every module's routes: each `routes.ts` under server/modules (nested folders too, such as
 * archive/questions), so that adding a module registers it. Ordered by folder name, so every start
 * registers them alike. A folder with an index.ts is left out with everything beneath it: such a
 * module has more to set up than routes and app.ts calls it by name. Read from the folder at
 * start, which works as the server runs (built to routes.js by scripts/build-server.mjs, or from
 * source under tsx) and under vitest.
 */
export async function routeModules(root = MODULES): Promise<RouteModule[]> {
  const files = await routesFilesUnder(root);
  const modules: RouteModule[] = [];
  for (const file of files) {
    const name = relative(root, dirname(file)).split(sep).join("/");
    const { default: plugin } = (await import(pathToFileURL(file).href)) as { default?: unknown };
    if (typeof plugin !== "function") throw new Error(`${relative(process.cwd(), file)} exports no route plugin as its default`);
    modules.push({ name, plugin: plugin as FastifyPluginAsync });
  }
  return modules.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
