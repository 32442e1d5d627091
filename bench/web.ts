/**
 * npm run bench:web — builds the app and prints, per route, the JavaScript (and CSS) a first visit
 * loads: the entry chunk with its static imports, plus the route's page chunk with its own.
 * Target: the login page at most 350 KB gzip. Figures are printed, never asserted.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const root = resolve(import.meta.dirname, "..");
const TARGET_LOGIN_GZIP = 350 * 1024;

/** The page modules each route renders (App.tsx's lazy imports). */
const routePages: Record<string, string[]> = {
  "/": ["src/pages/home/HomePage.tsx"],
  "/login/index": ["src/pages/login/LoginPage.tsx"],
  "/login/register": ["src/pages/login/RegisterPage.tsx"],
  "/login/retrievePassword": ["src/pages/login/RetrievePasswordPage.tsx"],
  "/authorization-callback": ["src/pages/authCallback/AuthorizationCallbackPage.tsx"],
  "/userCenter/basicInfo": ["src/pages/userCenter/UserCenterLayout.tsx", "src/pages/userCenter/BasicInfoPage.tsx"],
  "/serviceFiles": ["resources/serviceRecords/ServiceFilesPage.tsx"],
  "/serviceFilesDetails": ["resources/serviceRecords/ServiceRecordDetails.tsx"],
  "/user": ["resources/users/UserList.tsx"],
  "/logs": ["resources/logs/LogList.tsx"],
};

function closure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

await build({ root, logLevel: "warn" });
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

console.log("route                          JS raw      JS gzip     CSS gzip   chunks");
for (const [route, pages] of Object.entries(routePages)) {
  const missing = pages.filter((p) => !manifest[p]);
  if (missing.length) throw new Error(`${route}: ${missing.join(", ")} not in the manifest`);
  const keys = closure(manifest, [entry, ...pages]);
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
  const flag = route === "/login/index" ? (gzip <= TARGET_LOGIN_GZIP ? "  (target ≤ 350 KB: met)" : "  (target ≤ 350 KB: MISSED)") : "";
  console.log(
    `${route.padEnd(30)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(11)} ${kb(cssGzip).padStart(11)} ${String(keys.size).padStart(7)}${flag}`,
  );
}
