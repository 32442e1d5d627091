import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");
const TSX = resolve(ROOT, "node_modules/.bin/tsx");
const MAIN = resolve(ROOT, "server/main.ts");

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * The real server, `tsx server/main.ts` (or another command that runs it, such as the built
 * server npm start runs), with exactly the given environment (plus PATH), run in `cwd` so that no
 * developer's .env in the repository leaks in.
 */
export function spawnServer(env: Record<string, string>, cwd: string, command: readonly [string, ...string[]] = [TSX, MAIN]): ServerProcess {
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? cwd, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** A health call that has not answered in this is abandoned and asked again. */
const HEALTH_CALL_TIMEOUT_MS = 5_000;
/** How long a stop may take (the server gives requests in flight 30 s) before the process is killed. */
const STOP_TIMEOUT_MS = 35_000;

/** What the server printed, for a failure's message. */
const printed = (server: ServerProcess) => `stdout:\n${server.stdout()}\nstderr:\n${server.stderr()}`;

/** Waits until the server answers its health check; a call that hangs does not hold the wait past its deadline. */
export async function waitUntilHealthy(baseUrl: string, server: ServerProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastFailure = "no answer yet";
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited with ${server.child.exitCode}:\n${printed(server)}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(Math.min(HEALTH_CALL_TIMEOUT_MS, Math.max(1, deadline - Date.now()))) });
      if (res.ok) return;
      lastFailure = `answered ${res.status}`;
    } catch (error) {
      // not listening yet, or the call timed out
      lastFailure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms (last health call: ${lastFailure}):\n${printed(server)}`);
}

/**
 * Sends SIGTERM and waits for the exit code. A process that has not ended within `timeoutMs` is
 * killed, and the wait fails with what it printed, so that a stop that hangs says why.
 */
export async function stopServer(server: ServerProcess, timeoutMs = STOP_TIMEOUT_MS): Promise<number | null> {
  if (server.child.exitCode === null) server.child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((done) => {
    timer = setTimeout(() => done("late"), timeoutMs);
  });
  try {
    const outcome = await Promise.race([server.exited, late]);
    if (outcome !== "late") return outcome;
  } finally {
    clearTimeout(timer);
  }
  server.child.kill("SIGKILL");
  await server.exited;
  throw new Error(`server did not stop within ${timeoutMs} ms of SIGTERM:\n${printed(server)}`);
}
