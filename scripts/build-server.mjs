/**
 * The server as plain JavaScript, for `npm start`: node runs build/server/start.js with no compiler
 * loaded beside it (tsx's loader and the sources it keeps cost a process about 50 MB; issue 13).
 * Each TypeScript file of server/, contract/ and i18n/ becomes one .js file at the same place
 * under build/ (types dropped, relative imports given the .js their files now have), so what reads
 * its own folder at start (the route modules, the migrations) or a file beside itself (a Worker's
 * entry) finds it as in the sources; any other file there is copied as it is. Packages stay
 * imports of node_modules. The tests and `npm run dev` run the sources through tsx and Vitest.
 *
 * `node scripts/build-server.mjs` builds when build/ is older than a source (or missing) and
 * says nothing otherwise; `--force` builds anyway; `--out <dir>` builds into another folder of
 * the repository's top level named build… (inside the repository, so that the packages resolve
 * from it; ignored by git and ESLint; replaced whole by each build).
 */
import { build } from "esbuild";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** The folders the server is made of: it imports nothing from the app's. */
const SOURCE_DIRS = ["server", "contract", "i18n"];
/** What else decides the output: the compiler's settings and this script. */
const SETTINGS = ["tsconfig.json", "package.json", "scripts/build-server.mjs"];
/** Written last: its age is the build's. It also gives the built files their module type and the version the API document shows. */
const STAMP = "package.json";

/** The newest change under a path: a file's, or a folder's own (a file removed or renamed) or any of its entries'. */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stats.mtimeMs);
}

function serverBuildIsStale(outDir) {
  const stamp = join(outDir, STAMP);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return [...SOURCE_DIRS, ...SETTINGS].some((name) => newestChange(join(ROOT, name)) > built);
}

function filesUnder(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

const isTypeScript = (file) => file.endsWith(".ts") && !file.endsWith(".d.ts");

/**
 * A relative import names its file without an extension, as the sources are written for tsx,
 * Vitest and tsc's bundler resolution; Node needs the file the build writes.
 */
const relativeImports = {
  name: "relative-imports",
  setup(esbuild) {
    esbuild.onResolve({ filter: /^\.\.?(\/|$)/ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      const target = resolve(args.resolveDir, args.path);
      if (existsSync(`${target}.ts`)) return { path: `${args.path}.js`, external: true };
      if (existsSync(join(target, "index.ts"))) return { path: `${args.path}/index.js`, external: true };
      return { errors: [{ text: `${args.path} is neither a .ts file nor a folder with an index.ts` }] };
    });
  },
};

async function buildServer(outDir) {
  const files = SOURCE_DIRS.flatMap((folder) => filesUnder(join(ROOT, folder)));
  // Built beside the output and then put in its place, so that a server running from the old
  // build keeps a whole one until the swap, and a failed build leaves the old one as it was.
  const staging = `${outDir}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await build({
      absWorkingDir: ROOT,
      entryPoints: files.filter(isTypeScript),
      outdir: staging,
      outbase: ROOT,
      bundle: true,
      packages: "external",
      platform: "node",
      format: "esm",
      target: "node20",
      // No source maps: a .map beside each file would be one more file in the folders the server
      // reads at start (the migrations refuse what they do not know), and the output keeps the
      // sources' names and shapes, so a stack trace reads well enough without.
      logLevel: "warning",
      plugins: [relativeImports],
    });
    for (const file of files.filter((f) => !isTypeScript(f) && !f.endsWith(".d.ts"))) {
      const target = join(staging, relative(ROOT, file));
      mkdirSync(dirname(target), { recursive: true });
      cpSync(file, target);
    }
    const { name, version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    writeFileSync(join(staging, STAMP), `${JSON.stringify({ name, version, private: true, type: "module" }, null, 2)}\n`);
    const old = `${outDir}.old-${process.pid}`;
    if (existsSync(outDir)) renameSync(outDir, old);
    renameSync(staging, outDir);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--out");
  const outDir = at >= 0 && args[at + 1] ? resolve(args[at + 1]) : join(ROOT, "build");
  if (dirname(outDir) !== ROOT || !basename(outDir).startsWith("build")) {
    process.stderr.write(`--out: ${outDir} is not a folder build… at the top of ${ROOT}\n`);
    process.exit(1);
  }
  if (args.includes("--force") || serverBuildIsStale(outDir)) {
    const started = performance.now();
    try {
      await buildServer(outDir);
    } catch (error) {
      process.stderr.write(`server build failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    }
    process.stdout.write(`built the server into ${relative(process.cwd(), outDir) || "."} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
}
