import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import JSZip from "jszip";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, ROOT, spawnServer, stopServer, waitUntilHealthy } from "../support/serverProcess";

const BUILD = join(ROOT, "scripts/build-server.mjs");
const CAPTCHA_FIXED_CODE = "7x9q";
const ADMIN_PASSWORD = "Built-admin-2026";

/** scripts/build-server.mjs into `out`: what it printed, and how it ended. */
function build(out: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [BUILD, "--out", out, ...args], { cwd: ROOT, encoding: "utf8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

async function signInAdmin(baseUrl: string): Promise<string> {
  const { result } = await (await fetch(`${baseUrl}/uaa/identity/captcha`)).json();
  const params = { grant_type: "password", client_id: "web", client_secret: "web-secret", username: "admin", password: ADMIN_PASSWORD, vid: result.vid, vcode: CAPTCHA_FIXED_CODE };
  const token = await (await fetch(`${baseUrl}/uaa/oauth/token`, { method: "POST", body: new URLSearchParams(params) })).json();
  return `${token.token_type} ${token.access_token}`;
}

// Builds the server (esbuild, a second or two) and starts it: on two busy cores that can take most of a minute.
describe("the server as npm start runs it, built to JavaScript", { timeout: 120_000 }, () => {
  // Inside the repository, so that the built files find the packages; beside build/, which npm start rebuilds.
  const out = join(ROOT, `build-test-${process.pid}`);
  const dataDir = mkdtempSync(join(tmpdir(), "api-built-"));
  afterAll(() => {
    rmSync(out, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("builds when there is no build or a source is newer than it, and otherwise leaves it", () => {
    const first = build(out);
    expect(first.status, first.output).toBe(0);
    expect(first.output).toMatch(/^built the server into /);
    expect(build(out)).toEqual({ status: 0, output: "" });
    // The build's age is its package.json's: made older than every source, as after a change to one.
    utimesSync(join(out, "package.json"), 0, 0);
    expect(build(out).output).toMatch(/^built the server into /);
  });

  it("serves with WORKERS=2: the API, the development sign-in provider and the archive's .docx export", async () => {
    const port = await freePort();
    const server = spawnServer(
      {
        NODE_ENV: "test",
        PORT: String(port),
        DATA_DIR: dataDir,
        STATIC_DIR: join(dataDir, "dist"),
        ADMIN_PASSWORD,
        CAPTCHA_FIXED_CODE,
        SEED_DEMO_DATA: "true",
        LOG_LEVEL: "warn",
        WORKERS: "2",
      },
      dataDir,
      [process.execPath, join(out, "server/main.js")],
    );
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await waitUntilHealthy(baseUrl, server, 60_000);

      const discovery = await fetch(`${baseUrl}/idp/.well-known/openid-configuration`);
      expect(discovery.status).toBe(200);
      expect((await discovery.json()).issuer).toBe(`${baseUrl}/idp`);

      const database = new SqliteDatabase(join(dataDir, "platform.db"), { readonly: true });
      const company = database.prepare("select id, name from companies order by id limit 1").get() as { id: number; name: string };
      database.close();
      const exported = await fetch(`${baseUrl}/api/archives/queryReport`, {
        method: "POST",
        headers: { authorization: await signInAdmin(baseUrl), "content-type": "application/json" },
        body: JSON.stringify({ compId: company.id }),
      });
      expect(exported.status).toBe(200);
      const document = await (await JSZip.loadAsync(await exported.arrayBuffer())).file("word/document.xml")?.async("string");
      expect(document).toContain(company.name);
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
    expect(server.stderr()).toBe("");
  });
});
