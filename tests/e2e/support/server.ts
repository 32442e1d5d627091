import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, ROOT, spawnServer, stopServer, waitUntilHealthy } from "../../support/serverProcess";

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  adminPassword: string;
  output: () => string;
  stop: () => Promise<void>;
}

export const FIXED_CAPTCHA = "2468";

/** The real server (built app + API) on a free port with a fresh SQLite database. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-data-"));
  const adminPassword = "Admin-e2e-2026";
  const server = spawnServer(
    {
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      CAPTCHA_FIXED_CODE: FIXED_CAPTCHA,
      LOG_LEVEL: "warn",
      STATIC_DIR: join(ROOT, "dist"),
      // One browser signs in as many people, faster than people do (server/plugins/rateLimit.ts).
      RATE_LIMIT_SCALE: "100",
      ...env,
    },
    dataDir,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(baseUrl, server, 60_000);

  return {
    baseUrl,
    dataDir,
    adminPassword,
    output: () => server.stdout() + server.stderr(),
    stop: async () => {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
