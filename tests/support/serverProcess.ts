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

/** Waits until the server answers its health check. */
export async function waitUntilHealthy(baseUrl: string, server: ServerProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.stdout()}\n${server.stderr()}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${server.stdout()}\n${server.stderr()}`);
}

/** Sends SIGTERM and waits for the exit code. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode === null) server.child.kill("SIGTERM");
  return server.exited;
}
