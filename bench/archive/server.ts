import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync, readlinkSync } from "node:fs";
import { resolve } from "node:path";
import { freePort } from "../../tests/support/serverProcess";

const ROOT = resolve(import.meta.dirname, "../..");
const CAPTCHA = "7531";

/**
 * How the server runs: "built" as `npm start` runs it (node on build/server/main.js, built first
 * when stale by scripts/build-server.mjs), "sources" as the tests and `npm run dev` run it (tsx
 * compiling server/main.ts).
 */
export type ServerRun = "built" | "sources";

/**
 * The node options npm start runs the server with (package.json's start script: V8's heap sizing,
 * issue 13), so that a built run measures the server as deployed.
 */
export function npmStartNodeArguments(): string[] {
  const { scripts } = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const options = /\bnode((?: --\S+)*) build\/server\/start\.js\b/.exec(scripts.start)?.[1];
  if (options === undefined) throw new Error(`package.json's start script runs no build/server/start.js: ${scripts.start}`);
  return options.split(" ").filter(Boolean);
}

/**
 * How a benchmark runs the server, as its environment asks: built as npm start runs it unless
 * BENCH_SERVER=sources, with BENCH_NODE_ARGS as node's options when given (npm start's otherwise
 * when built, none from the sources).
 */
export function serverRunFromEnv(): Required<StartOptions> {
  const run: ServerRun = process.env.BENCH_SERVER === "sources" ? "sources" : "built";
  const given = process.env.BENCH_NODE_ARGS;
  return { run, nodeArguments: given !== undefined ? given.split(/\s+/).filter(Boolean) : run === "built" ? npmStartNodeArguments() : [] };
}

/** The node arguments that run the server's main module, building it first when it runs built. */
function mainArguments(run: ServerRun): string[] {
  if (run === "sources") return ["--import", import.meta.resolve("tsx"), resolve(ROOT, "server/main.ts")];
  const built = spawnSync(process.execPath, [resolve(ROOT, "scripts/build-server.mjs")], { cwd: ROOT, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`server build failed:\n${built.stdout}${built.stderr}`);
  return [resolve(ROOT, "build/server/main.js")];
}

export interface BenchServer {
  baseUrl: string;
  /** Peak resident memory of the server's processes so far (each one's VmHWM, added up), in bytes. */
  peakRss(): number;
  /** The largest peak resident memory of any one server process so far (VmHWM), in bytes. */
  peakRssPerProcess(): number;
  /** The largest resident memory of any one server process now (VmRSS), in bytes: sampled, it shows a peak after an earlier one. */
  rssPerProcess(): number;
  /**
   * CPU time the server's processes have used so far (user + system, every thread, from their own
   * counters in /proc/<pid>/stat), added up, in ms; read before and after a load for its share.
   */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Whether the process runs this node binary (a server process), not a helper such as esbuild. */
function isNode(pid: number): boolean {
  try {
    return readlinkSync(`/proc/${pid}/exe`) === readlinkSync("/proc/self/exe");
  } catch {
    return false;
  }
}

/** Clock ticks a second, the unit of /proc/<pid>/stat's CPU times (100 on Linux almost always). */
const TICKS_PER_SECOND = (() => {
  const answer = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim());
  return Number.isFinite(answer) && answer > 0 ? answer : 100;
})();

/** User + system CPU time of a process so far, in ms; 0 once it has gone. */
export function processCpuMs(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return 0;
  }
  // The fields after the command name (which may hold spaces) in parentheses: utime is the 14th
  // field of the line, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** A figure of /proc/<pid>/status, in bytes. */
function statusKb(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number(/(\d+)/.exec(line)?.[1] ?? 0) * 1024 : 0;
}

export interface StartOptions {
  /** Built or from the sources (by default, as before the server was built for npm start). */
  run?: ServerRun;
  /**
   * Node's own options for the server's processes (V8's heap flags, say), which the processes a
   * WORKERS>1 server starts inherit; by default npm start's when built, none from the sources.
   */
  nodeArguments?: readonly string[];
}

/**
 * The real server as one node process (built, or tsx as a loader rather than its wrapper process),
 * so that its pid is the server's own and its memory can be read. `onOutput` sees everything it
 * writes.
 */
export async function startServer(
  env: Record<string, string>,
  cwd: string,
  onOutput?: (text: string) => void,
  { run = "sources", nodeArguments = run === "built" ? npmStartNodeArguments() : [] }: StartOptions = {},
): Promise<BenchServer> {
  const port = await freePort();
  // BENCH_PROFILE=<directory>: each server process writes a .cpuprofile there when it stops
  // (open it in Chrome's DevTools, or read its self times), to see where a call's time goes.
  const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir", resolve(process.env.BENCH_PROFILE)] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, ...nodeArguments, ...mainArguments(run)], {
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
  /**
   * The server's processes: the first one and, with WORKERS > 1, the serving ones it started;
   * not the compiler tsx keeps beside it (esbuild), which only works while modules load.
   */
  const processes = () => {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return [pid, ...(children ? children.split(/\s+/).map(Number) : []).filter(isNode)];
  };
  const readPeak = () => processes().reduce((sum, each) => sum + statusKb(each, "VmHWM"), 0);
  const readPeakPerProcess = () => Math.max(...processes().map((each) => statusKb(each, "VmHWM")));
  let lastPeakPerProcess = 0;
  const remember = () => {
    lastPeak = readPeak();
    lastPeakPerProcess = readPeakPerProcess();
  };
  return {
    baseUrl,
    peakRss: () => {
      if (child.exitCode === null) remember();
      return lastPeak;
    },
    peakRssPerProcess: () => {
      if (child.exitCode === null) remember();
      return lastPeakPerProcess;
    },
    rssPerProcess: () => (child.exitCode === null ? Math.max(...processes().map((each) => statusKb(each, "VmRSS"))) : 0),
    cpuMs: () => processes().reduce((sum, each) => sum + processCpuMs(each), 0),
    stop: async () => {
      if (child.exitCode === null) {
        remember();
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
