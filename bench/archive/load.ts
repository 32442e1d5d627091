import { Agent, request } from "node:http";
import { random } from "./dataset";

/**
 * How one client calls the server: `path` with a JSON `body` (POST) or none (GET), with the
 * token when the workload is signed in. Resolves with the envelope's result, or null when the
 * call failed (counted as an error).
 */
export type Caller = <T>(path: string, body?: unknown) => Promise<T | null>;

/**
 * What the clients do, over and over until the time is up: one `step` is one or more calls (a
 * page 1 and the pages after it, say). A benchmark of another call (the follow-up summary, the
 * statistics, the patent search) is a Workload of its own, measured by bench/archive/measure.ts.
 */
export interface Workload {
  /** Shown in the report, e.g. "queryArchivesPage, browsing". */
  name: string;
  /** Whether the calls carry the signed-in token (Authorization: bearer). */
  signedIn: boolean;
  /** One client's next calls; `rnd` is the client's own seeded generator, `client` its number. */
  step(call: Caller, rnd: () => number, client: number): Promise<void>;
}

export interface LoadOptions {
  baseUrl: string;
  /** Keeps one connection per client alive from one run to the next. */
  agent: Agent;
  workload: Workload;
  token: string;
  clients: number;
  durationMs: number;
  seed: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  /** Milliseconds of every successful request, sorted. */
  latencies: Float64Array;
  firstError: string | null;
}

/** A whole-number setting of a benchmark from the environment (BENCH_CLIENTS and the like). */
export function numberFrom(name: string, fallback: number, min = 1): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}`);
  return value;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** One call over a kept-alive connection: status and parsed JSON answer. */
function call(url: string, agent: Agent, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: unknown }> {
  return new Promise((done, fail) => {
    const req = request(url, { method: body === undefined ? "GET" : "POST", agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        try {
          done({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
        } catch (error) {
          fail(error);
        }
      });
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * The connections the clients keep alive. A busy Node server accepts about one new connection per
 * turn of its event loop, so 50 opened at once wait up to seconds for their first answer: the
 * warm-up run opens them, and the measured run starts with all of them established.
 */
export function keepAliveAgent(clients: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: clients });
}

/**
 * `clients` loops of the workload's steps for the duration. node:http rather than fetch: on this
 * 2-core machine fetch's own cost per call was about five times node:http's, and the client
 * shares the cores with the server.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { agent, workload } = options;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (workload.signedIn) headers.authorization = `bearer ${options.token}`;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const deadline = started + options.durationMs;

  const timed: Caller = async <T>(path: string, body?: unknown): Promise<T | null> => {
    const sent = performance.now();
    try {
      const res = await call(`${options.baseUrl}${path}`, agent, headers, body);
      const answer = res.body as { code?: number; message?: string; result?: T };
      if (res.status !== 200 || answer.code !== 200 || !answer.result) throw new Error(`${res.status} ${answer.message ?? ""}`);
      latencies.push(performance.now() - sent);
      return answer.result;
    } catch (error) {
      errors += 1;
      firstError ??= error instanceof Error ? error.message : String(error);
      return null;
    }
  };
  /** Calls made after the deadline (the rest of a step) are neither sent nor counted. */
  const inTime: Caller = (path, body) => (performance.now() < deadline ? timed(path, body) : Promise.resolve(null));

  const client = async (n: number) => {
    const rnd = random(options.seed * 1000 + n);
    while (performance.now() < deadline) await workload.step(inTime, rnd, n);
  };
  await Promise.all(Array.from({ length: options.clients }, (_, n) => client(n)));
  const seconds = (performance.now() - started) / 1000;
  return { requests: latencies.length + errors, errors, seconds, latencies: Float64Array.from(latencies).sort(), firstError };
}
