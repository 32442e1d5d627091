import { Agent, request } from "node:http";
import { ARCHIVE_PAGE_SIZE } from "../../contract/limits";
import { EVALUATIONS } from "../../contract/valueSets";
import { random, SEARCH_GIVEN, SEARCH_SURNAMES } from "./dataset";

export interface LoadOptions {
  baseUrl: string;
  /** Keeps one connection per client alive from one run to the next. */
  agent: Agent;
  workload: "archive" | "floor";
  token: string;
  companies: readonly { id: number; records: number }[];
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

type Filter = Record<string, string>;

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A part of a name: a surname alone finds many, surname and given name few. */
function namePart(rnd: () => number): string {
  return rnd() < 0.5 ? pick(rnd, SEARCH_SURNAMES) : pick(rnd, SEARCH_SURNAMES) + pick(rnd, SEARCH_GIVEN);
}

/** What staff filter by on the archive page: often nothing, sometimes one field or two. */
function randomFilter(rnd: () => number): Filter {
  const one = (): Filter => {
    const kind = rnd();
    if (kind < 0.3) return { researchers: namePart(rnd) };
    if (kind < 0.55) return { contactPerson: namePart(rnd) };
    if (kind < 0.8) {
      const begin = Date.UTC(2022, 0, 1) + Math.floor(rnd() * 1700) * 86_400_000;
      return { serviceTimeBegin: `${day(begin)} 00:00:00`, serviceTimeEnd: day(begin + (30 + Math.floor(rnd() * 335)) * 86_400_000) };
    }
    return { comprehensiveEvaluation: pick(rnd, EVALUATIONS) };
  };
  const roll = rnd();
  if (roll < 0.4) return {};
  if (roll < 0.85) return one();
  return { ...one(), ...one() };
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
 * `clients` loops for the duration. "archive": each browses like a staff member, a random company
 * and filter, page 1, then up to three random pages among those the total allows. "floor": each
 * calls GET /api/health with its token, so the sign-in guard runs but nothing else, which shows
 * what any signed-in call costs on the machine before the archive adds its part. node:http
 * rather than fetch: on this 2-core machine fetch's own cost per call was about five times
 * node:http's, and the client shares the cores with the server.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const pageUrl = `${options.baseUrl}/api/archives/queryArchivesPage`;
  const healthUrl = `${options.baseUrl}/api/health`;
  const headers = { "content-type": "application/json", authorization: `bearer ${options.token}` };
  const { agent } = options;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const deadline = started + options.durationMs;

  /** The answer's result, timed; null when the call failed. */
  const timed = async <T>(url: string, body?: unknown): Promise<T | null> => {
    const sent = performance.now();
    try {
      const res = await call(url, agent, headers, body);
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
  const page = async (compId: number, filter: Filter, current: number) =>
    (await timed<{ total: number }>(pageUrl, { current, size: ARCHIVE_PAGE_SIZE, model: { compId, ...filter } }))?.total ?? null;

  const browse = async (n: number) => {
    const rnd = random(options.seed * 1000 + n);
    while (performance.now() < deadline) {
      const company = pick(rnd, options.companies);
      const filter = randomFilter(rnd);
      const total = await page(company.id, filter, 1);
      if (total === null) continue;
      const pages = Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE));
      const more = Math.floor(rnd() * 4);
      for (let i = 0; i < more && performance.now() < deadline; i++) await page(company.id, filter, 1 + Math.floor(rnd() * pages));
    }
  };
  const checkIn = async () => {
    while (performance.now() < deadline) await timed(healthUrl);
  };

  await Promise.all(Array.from({ length: options.clients }, (_, n) => (options.workload === "floor" ? checkIn() : browse(n))));
  const seconds = (performance.now() - started) / 1000;
  return { requests: latencies.length + errors, errors, seconds, latencies: Float64Array.from(latencies).sort(), firstError };
}
