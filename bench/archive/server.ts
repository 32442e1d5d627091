import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { freePort } from "../../tests/support/serverProcess";

const ROOT = resolve(import.meta.dirname, "../..");
const MAIN = resolve(ROOT, "server/main.ts");
const CAPTCHA = "7531";

export interface BenchServer {
  baseUrl: string;
  /** Peak resident memory of the server's processes so far (each one's VmHWM, added up), in bytes. */
  peakRss(): number;
  stop(): Promise<void>;
}

/** A figure of /proc/<pid>/status, in bytes. */
function statusKb(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number(/(\d+)/.exec(line)?.[1] ?? 0) * 1024 : 0;
}

/**
 * The real server (server/main.ts) as one node process (tsx as a loader rather than its wrapper
 * process), so that its pid is the server's own and its memory can be read. `onOutput` sees
 * everything it writes.
 */
export async function startServer(env: Record<string, string>, cwd: string, onOutput?: (text: string) => void): Promise<BenchServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", import.meta.resolve("tsx"), MAIN], {
    cwd,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? cwd,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      CAPTCHA_FIXED_CODE: CAPTCHA,
      SEED_DEMO_DATA: "false",
      // Requests are not logged one by one (info): the figures are of the archive, not of pino.
      LOG_LEVEL: "warn",
      STATIC_DIR: cwd,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const take = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-20_000);
    onOutput?.(text);
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const pid = child.pid!;
  let lastPeak = 0;
  /** The server's processes: the first one and, with WORKERS > 1, the serving ones it started. */
  const processes = () => {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return [pid, ...(children ? children.split(/\s+/).map(Number) : [])];
  };
  const readPeak = () => processes().reduce((sum, each) => sum + statusKb(each, "VmHWM"), 0);
  return {
    baseUrl,
    peakRss: () => {
      if (child.exitCode === null) lastPeak = readPeak();
      return lastPeak;
    },
    stop: async () => {
      if (child.exitCode === null) {
        lastPeak = readPeak();
        child.kill("SIGTERM");
      }
      await exited;
    },
  };
}

/** The administrator's access token, through the captcha and the password grant like the app. */
export async function signInAdmin(baseUrl: string, password: string): Promise<string> {
  const captcha = (await (await fetch(`${baseUrl}/uaa/identity/captcha`)).json()) as { result: { vid: string } };
  const res = await fetch(`${baseUrl}/uaa/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      grant_type: "password",
      client_id: "web",
      client_secret: "web-secret",
      username: "admin",
      password,
      vid: captcha.result.vid,
      vcode: CAPTCHA,
    }),
  });
  const body = (await res.json()) as { access_token?: string; message?: string };
  if (!res.ok || !body.access_token) throw new Error(`admin sign-in failed: ${res.status} ${body.message ?? ""}`);
  return body.access_token;
}
