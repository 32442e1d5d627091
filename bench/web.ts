/**
 * npm run bench:web — builds the app and prints, for every route, the JavaScript (and CSS) a first
 * visit loads: the entry chunk and its static imports, plus each lazily loaded module the route
 * renders, with theirs. Targets (issue 10): the sign-in page at most 250 KB gzip, every list route at
 * most 500 KB. `npm run bench:web -- --why /user` also names the packages that weigh most on a route.
 * Figures are printed, never asserted.
 */
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Plugin } from "vite";

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const root = resolve(import.meta.dirname, "..");
const KB = 1024;
const LOGIN_TARGET = 250 * KB;
const LIST_TARGET = 500 * KB;

/** Refine and access control, which App.tsx loads for every page but the sign-in pages and the callback. */
const refine = ["src/RefineScope.tsx"];
/** What every signed-in page renders around itself: Refine, the navigation menu, the user menu. */
const signedInShell = [...refine, "src/layout/MainNavMenu.tsx", "src/layout/UserMenu.tsx"];
const userCenter = [...signedInShell, "src/pages/userCenter/UserCenterLayout.tsx"];

interface RouteLoad {
  route: string;
  /** The lazily loaded modules (App.tsx's pages and what they load on render) a first visit fetches. */
  modules: string[];
  target?: number;
}

const routes: RouteLoad[] = [
  { route: "/", modules: [...refine, "src/pages/home/HomePage.tsx"] },
  { route: "/login/index", modules: ["src/pages/login/LoginPage.tsx"], target: LOGIN_TARGET },
  { route: "/login/register", modules: ["src/pages/login/RegisterPage.tsx"] },
  { route: "/login/retrievePassword", modules: ["src/pages/login/RetrievePasswordPage.tsx"] },
  { route: "/authorization-callback", modules: ["src/pages/authCallback/AuthorizationCallbackPage.tsx"] },
  { route: "/userCenter/basicInfo", modules: [...userCenter, "src/pages/userCenter/BasicInfoPage.tsx"] },
  { route: "/userCenter/changePassword", modules: [...userCenter, "src/pages/userCenter/ChangePasswordPage.tsx"] },
  {
    route: "/userCenter/userManage",
    modules: [...userCenter, "src/pages/userCenter/userManage/UserManagePage.tsx"],
    target: LIST_TARGET,
  },
  {
    route: "/userCenter/accreditedInstitution",
    modules: [...userCenter, "src/pages/userCenter/AccreditedInstitutionPage.tsx"],
  },
  {
    route: "/serviceFiles",
    modules: [...signedInShell, "resources/serviceRecords/ServiceFilesPage.tsx", "resources/companies/CompanyList.tsx"],
    target: LIST_TARGET,
  },
  {
    route: "/serviceFiles?id=1",
    modules: [...signedInShell, "resources/serviceRecords/ServiceFilesPage.tsx", "resources/serviceRecords/CompanyArchive.tsx"],
    target: LIST_TARGET,
  },
  { route: "/serviceFilesDetails", modules: [...signedInShell, "resources/serviceRecords/ServiceRecordDetails.tsx"] },
  { route: "/user", modules: [...signedInShell, "resources/users/UserList.tsx"], target: LIST_TARGET },
  { route: "/logs", modules: [...signedInShell, "resources/logs/LogList.tsx"], target: LIST_TARGET },
  { route: "/no-such-page", modules: [...refine, "src/pages/notFound/NotFoundPage.tsx"] },
];

const whyRoute = process.argv.includes("--why") ? process.argv[process.argv.indexOf("--why") + 1] : undefined;

/** Each output chunk's source modules with their rendered (pre-minification) length, for --why. */
const chunkModules = new Map<string, Map<string, number>>();
const recordModules: Plugin = {
  name: "bench-record-modules",
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== "chunk") continue;
      chunkModules.set(
        output.fileName,
        new Map(Object.entries(output.modules).map(([id, m]) => [id, m.renderedLength])),
      );
    }
  },
};

function closure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/** The package a module belongs to, or its path inside the repository. */
function ownerOf(id: string): string {
  const inPackages = id.lastIndexOf("node_modules/");
  if (inPackages < 0) return relative(root, id).split("/").slice(0, 2).join("/");
  const parts = id.slice(inPackages + "node_modules/".length).split("/");
  return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

await build({ root, logLevel: "warn", plugins: [recordModules] });
const dist = join(root, "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entry) throw new Error("no entry chunk in the manifest");

const sizes = new Map<string, { raw: number; gzip: number }>();
const sizeOf = (file: string) => {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(dist, file));
    sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return sizes.get(file)!;
};

console.log("route                               JS raw     JS gzip    CSS gzip  chunks  target");
for (const { route, modules, target } of routes) {
  const missing = modules.filter((m) => !manifest[m]);
  if (missing.length) throw new Error(`${route}: ${missing.join(", ")} not a chunk of its own in the manifest`);
  const keys = closure(manifest, [entry, ...modules]);
  let raw = 0;
  let gzip = 0;
  let cssGzip = 0;
  const css = new Set<string>();
  for (const key of keys) {
    const s = sizeOf(manifest[key].file);
    raw += s.raw;
    gzip += s.gzip;
    for (const c of manifest[key].css ?? []) css.add(c);
  }
  for (const c of css) cssGzip += sizeOf(c).gzip;
  const verdict = target === undefined ? "" : `≤ ${target / KB} KB: ${gzip <= target ? "met" : "MISSED"}`;
  console.log(
    `${route.padEnd(33)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(11)} ${kb(cssGzip).padStart(10)} ${String(keys.size).padStart(7)}  ${verdict}`,
  );

  if (route === whyRoute) {
    const byOwner = new Map<string, number>();
    for (const key of keys) {
      for (const [id, length] of chunkModules.get(manifest[key].file) ?? []) {
        byOwner.set(ownerOf(id), (byOwner.get(ownerOf(id)) ?? 0) + length);
      }
    }
    const total = [...byOwner.values()].reduce((a, b) => a + b, 0);
    console.log(`  what ${route} loads, by share of its code before minification:`);
    for (const [owner, length] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
      console.log(`  ${((100 * length) / total).toFixed(1).padStart(5)}%  ${owner}`);
    }
  }
}
