import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { routeModules } from "../../../server/modules/routeModules";

const folders: string[] = [];

/** A modules folder of its own: each path and its text, plugins as plain ES modules. */
function modulesFolder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "route-modules-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  folders.push(root);
  return root;
}

const PLUGIN = "export default async function routes() {}\n";

describe("route modules found under server/modules", () => {
  it("are every module's routes.ts, nested ones too, in folder order", async () => {
    const names = (await routeModules()).map((module) => module.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "accounts",
        "archive/answers",
        "archive/questions",
        "archive/records",
        "archive/report",
        "areas",
        "certification",
        "companies",
        "companyOrg",
        "files",
        "health",
        "logs",
        "patnavi",
        "roles",
        "sessions",
        "site",
        "sms",
        "users",
      ]),
    );
    expect([...names].sort()).toEqual(names);
  });

  it("leave out the modules app.ts registers by name through their index.ts", async () => {
    const names = (await routeModules()).map((module) => module.name);
    expect(names).not.toContain("auth");
    expect(names).not.toContain("sso");
  });

  describe("in a folder of their own", () => {
    afterEach(() => {
      for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
    });

    it("are the routes files at any depth, ordered by folder, skipping any folder with an index", async () => {
      const root = modulesFolder({
        "zeta/routes.mjs": PLUGIN,
        "alpha/routes.mjs": PLUGIN,
        "alpha/service.mjs": "export const helper = 1;\n",
        "group/inner/routes.mjs": PLUGIN,
        "selfRegistered/index.mjs": "export const register = 1;\n",
        "selfRegistered/routes.mjs": PLUGIN,
        "selfRegistered/nested/routes.mjs": PLUGIN,
        "helpers.mjs": "export const shared = 1;\n",
      });
      expect((await routeModules(root)).map((module) => module.name)).toEqual(["alpha", "group/inner", "zeta"]);
    });

    it("stop the start, naming the file, when a routes file exports no plugin", async () => {
      const root = modulesFolder({ "broken/routes.mjs": "export const routes = async () => {};\n" });
      await expect(routeModules(root)).rejects.toThrow(/broken\/routes\.mjs exports no route plugin/);
    });
  });
});
