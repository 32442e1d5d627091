/**
 * npm run bench:patents — patent import and search (issue 12) under load, on SQLite (a fresh
 * DATA_DIR) and on PostgreSQL (a database of its own on TEST_DATABASE_URL's server, dropped after).
 * For each it migrates and seeds through the server's own code and writes 1,000,000 generated
 * patents straight into the database (the import's own record reader and store, no file, no HTTP);
 * starts the real server; imports a generated 100,000-row Patsnap .xlsx (Excel's shared strings)
 * through POST /api/patents/import, polling the job, and prints its seconds and the server's peak
 * memory; then exports as many patents as the export takes (50,000: the months of the busiest
 * year), downloaded as fast as the client can, printing its time and the server's largest resident
 * memory meanwhile; during the import and the export a user's signed-in read goes on, one after
 * another (p50, p95, slowest); then 20 kept-alive clients search for 20 s with issue 12's mix (two and three characters,
 * two terms, an applicant, an IPC prefix, a keyword with facets), printing req/s, p50/p95/p99 and
 * the server's CPU per call (issue 13 item 4); last, the chain map's statistics call, timed alone.
 * The searches and statistics run twice: on the server that imported, which keeps its answers
 * until the next import (PATENT_SEARCH_CACHE, server/modules/patents/search/cache.ts), with the
 * share of calls that repeat an earlier question (at most its cache's hits); then on a server on
 * the same database that keeps none, every call computed. Targets (issue 12): import at most 60 s
 * and 300 MB; search p95 at most 50 ms; statistics 1 s. Printed, never asserted.
 *
 * Other runs: BENCH_PATENTS (generated), BENCH_IMPORT_ROWS (the .xlsx), BENCH_CLIENTS,
 * BENCH_SECONDS, BENCH_WARM_UP (seconds of load before the measured one, 3 by default); BENCH_WORKERS server processes (1 by default; 2 is the deployment on this
 * machine, one per core); BENCH_DATABASES=sqlite (or postgres) runs one; BENCH_IMPORT_ONLY=1 stops after
 * the import (no export, no search load, no statistics); BENCH_PROFILE=<dir> as in bench:archive. The server
 * runs as `npm start` runs it, built and with npm start's node options, as in bench:archive
 * (BENCH_SERVER=sources: through tsx, as the tests run it, without them; BENCH_NODE_ARGS gives it
 * other node options to compare).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, openAsBlob, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { keepAliveAgent, numberFrom, percentile } from "./archive/load";
import { measureCalls, postgresBackendCpu, type DatabaseCpu, type Measured } from "./archive/measure";
import { serverRunFromEnv, signInAdmin, startServer, type BenchServer } from "./archive/server";
import { writeExport } from "./patents/generate";
import { preparePatents } from "./patents/prepare";
import { PATENT_EXPORT_MAX_ROWS, type PatentStats } from "../contract/schemas/patents";
import { countingRepeats, patentSearch, STATS_MODELS, STATS_PATH } from "./patents/workloads";

const TARGET_IMPORT_MS = 60_000;
const TARGET_IMPORT_BYTES = 300 * 1024 * 1024;
const TARGET_P95_MS = 50;
const TARGET_STATS_MS = 1000;
const STATS_RUNS = 3;
const ADMIN_PASSWORD = "Bench-admin-2026";
/** Answers the server that imported keeps (the server's default); the second server keeps none. */
const KEPT_ANSWERS = "1000";
/** The generated patents and the imported file come from different seeds: the file both adds patents and updates some. */
const GENERATED_SEED = 1;
const IMPORT_SEED = 2;

const generated = numberFrom("BENCH_PATENTS", 1_000_000);
const importRows = numberFrom("BENCH_IMPORT_ROWS", 100_000);
const clients = numberFrom("BENCH_CLIENTS", 20);
const workers = numberFrom("BENCH_WORKERS", 1);
const durationMs = numberFrom("BENCH_SECONDS", 20) * 1000;
/** The load before the measured one: the clients' connections, and each process's first lists of the mix's terms (search/lists.ts). */
const warmUpMs = numberFrom("BENCH_WARM_UP", 3) * 1000;
const databases = new Set((process.env.BENCH_DATABASES ?? "sqlite,postgres").split(",").map((d) => d.trim()));
const importOnly = process.env.BENCH_IMPORT_ONLY === "1";
const { run: serverRun, nodeArguments } = serverRunFromEnv();

interface Outcome {
  database: string;
  generationMs: number;
  importMs: number;
  importPeak: number;
  /** The machine's one-minute load average as the import started and ended (other work on it slows the figures). */
  importLoad: [number, number];
  /** The times of a user's signed-in reads, one after another, while the import ran (sorted). */
  callsMeanwhile: Float64Array;
  imported: { imported: number; updated: number; skipped: number };
  /** The export of as many patents as it allows, after the import; null under BENCH_IMPORT_ONLY. */
  exported: Exported | null;
  /** The searches and statistics with answers kept, and with none; null under BENCH_IMPORT_ONLY. */
  search: { cached: SearchRun; uncached: SearchRun } | null;
  peakAfter: number;
}

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp(): Promise<void> {
  for (const undo of cleanups.splice(0).reverse()) await Promise.resolve(undo()).catch((e: unknown) => console.error("cleanup:", e));
}
process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));

async function api<T>(server: BenchServer, token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { code?: number; message?: string; result?: T };
  if (res.status !== 200 || answer.result === undefined) throw new Error(`${path}: ${res.status} ${answer.message ?? ""}`);
  return answer.result;
}

interface Job {
  state: "running" | "done" | "failed";
  processed: number;
  imported: number;
  updated: number;
  skipped: number;
  failure: string | null;
}

/** A signed-in read (the notification centre's, which every page of the app makes) while an import or an export runs. */
const CALL_MEANWHILE = "/api/notifications";
const CALL_MEANWHILE_PAUSE_MS = 100;

/**
 * A user's signed-in read, one after another, each one's time kept, until stopped: the server goes
 * on answering while an import writes (DatabaseHandle.longWrites) and while an export is written.
 * A read that fails is thrown when the reads stop.
 */
function readsMeanwhile(server: BenchServer, token: string): { stop(): Promise<Float64Array> } {
  let ended = false;
  const times: number[] = [];
  const failure = (async () => {
    while (!ended) {
      const sent = performance.now();
      await api(server, token, CALL_MEANWHILE);
      times.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, CALL_MEANWHILE_PAUSE_MS));
    }
  })().then(
    () => null,
    (error: unknown) => ({ error }),
  );
  return {
    stop: async () => {
      ended = true;
      const failed = await failure;
      if (failed) throw failed.error;
      return Float64Array.from(times).sort();
    },
  };
}

/** The file through the real import: the upload, then the job polled until it ends, with a user's reads meanwhile. */
async function importFile(server: BenchServer, token: string, file: string): Promise<{ ms: number; job: Job; callsMeanwhile: Float64Array }> {
  const started = performance.now();
  const form = new FormData();
  form.append("file", await openAsBlob(file), "bench.xlsx");
  const res = await fetch(`${server.baseUrl}/api/patents/import`, { method: "POST", headers: { authorization: `bearer ${token}` }, body: form });
  const answer = (await res.json()) as { result?: { jobId: number }; message?: string };
  if (!answer.result) throw new Error(`import refused: ${res.status} ${answer.message ?? ""}`);
  const reads = readsMeanwhile(server, token);
  let job: Job;
  let callsMeanwhile: Float64Array;
  try {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      job = await api<Job>(server, token, `/api/patents/import/${answer.result.jobId}`);
      if (job.state !== "running") break;
    }
  } finally {
    // Stopped (and its failure thrown) whatever the polls met: no read goes on unobserved.
    callsMeanwhile = await reads.stop();
  }
  if (job.state === "failed") throw new Error(`import failed: ${job.failure}`);
  return { ms: performance.now() - started, job, callsMeanwhile };
}

interface Exported {
  model: Record<string, string>;
  rows: number;
  bytes: number;
  ms: number;
  /** The largest resident memory of a server process while the export was written, sampled. */
  peak: number;
  callsMeanwhile: Float64Array;
}

/**
 * A filter the export takes whole with as many rows as it allows: the months of the year with the
 * most applications (the statistics' trend counts them exactly) that make at most
 * PATENT_EXPORT_MAX_ROWS.
 */
async function exportModel(server: BenchServer, token: string): Promise<{ model: Record<string, string>; rows: number }> {
  const applications = async (model: Record<string, string>, year: number) =>
    (await api<PatentStats>(server, token, STATS_PATH, { model })).trend.find((row) => row.year === year)?.applications ?? 0;
  const { trend } = await api<PatentStats>(server, token, STATS_PATH, { model: {} });
  const busiest = trend.reduce((most, row) => (row.applications > most.applications ? row : most));
  for (let months = Math.min(12, Math.floor((12 * PATENT_EXPORT_MAX_ROWS) / Math.max(1, busiest.applications))); months >= 1; months--) {
    const end = new Date(Date.UTC(busiest.year, months, 0)).toISOString().slice(0, 10);
    const model = { applyDateBegin: `${busiest.year}-01-01`, applyDateEnd: end };
    const rows = await applications(model, busiest.year);
    if (rows <= PATENT_EXPORT_MAX_ROWS) return { model, rows };
  }
  throw new Error(`no month of ${busiest.year} holds at most ${PATENT_EXPORT_MAX_ROWS} patents`);
}

/** The export through the real call, downloaded as fast as the client can, with a user's reads meanwhile and the server's memory sampled. */
async function exportFile(server: BenchServer, token: string): Promise<Exported> {
  const { model, rows } = await exportModel(server, token);
  let peak = server.rssPerProcess();
  const sampling = setInterval(() => (peak = Math.max(peak, server.rssPerProcess())), 100);
  const reads = readsMeanwhile(server, token);
  const started = performance.now();
  let bytes = 0;
  let callsMeanwhile: Float64Array;
  try {
    const res = await fetch(`${server.baseUrl}/api/patents/export`, {
      method: "POST",
      headers: { authorization: `bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ model }),
    });
    if (res.status !== 200 || !res.body) throw new Error(`export refused: ${res.status} ${await res.text()}`);
    const reader = res.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
  } finally {
    clearInterval(sampling);
    callsMeanwhile = await reads.stop();
  }
  return { model, rows, bytes, ms: performance.now() - started, peak: Math.max(peak, server.rssPerProcess()), callsMeanwhile };
}

/** The search load and the statistics on one server. */
interface SearchRun {
  load: Measured;
  /** The share of the measured calls that repeat a question asked earlier of the same server: at most its cache's hits. */
  repeated: number;
  /** Each statistics model's runs, in ms, and the server's CPU per call over all of them. */
  stats: { model: string; ms: number[] }[];
  statsCpuMs: number;
}

async function searchRun(database: string, server: BenchServer, token: string, agent: ReturnType<typeof keepAliveAgent>, databaseCpu: DatabaseCpu | null): Promise<SearchRun> {
  const options = { database, baseUrl: server.baseUrl, agent, token, clients, server, databaseCpu };
  const counting = countingRepeats(patentSearch);
  await measureCalls(options, counting.workload, warmUpMs, 1);
  counting.countFromNow();
  const load = await measureCalls(options, counting.workload, durationMs, 2);
  const stats: SearchRun["stats"] = [];
  const cpuBefore = server.cpuMs();
  for (const model of STATS_MODELS) {
    const times: number[] = [];
    for (let run = 0; run < STATS_RUNS; run++) {
      const sent = performance.now();
      await api(server, token, STATS_PATH, { model });
      times.push(performance.now() - sent);
    }
    stats.push({ model: JSON.stringify(model), ms: times });
  }
  return { load, repeated: counting.repeated(), stats, statsCpuMs: (server.cpuMs() - cpuBefore) / (STATS_MODELS.length * STATS_RUNS) };
}

async function measure(database: string, generationMs: number, file: string, env: Record<string, string>, cwd: string, databaseCpu: () => Promise<DatabaseCpu | null> = async () => null): Promise<Outcome> {
  console.log(`${database}: ${generated.toLocaleString("en")} patents generated in ${(generationMs / 1000).toFixed(1)} s; starting the server`);
  let output = "";
  const start = (keptAnswers: string) =>
    startServer({ ...env, ADMIN_PASSWORD, WORKERS: String(workers), PATENT_SEARCH_CACHE: keptAnswers }, cwd, (text) => (output = (output + text).slice(-4000)), { run: serverRun, nodeArguments });
  const server = await start(KEPT_ANSWERS);
  const agent = keepAliveAgent(clients);
  const backends = await databaseCpu();
  try {
    const token = await signInAdmin(server.baseUrl, ADMIN_PASSWORD);
    console.log(`${database}: importing ${importRows.toLocaleString("en")} rows (${(statSync(file).size / 1024 / 1024).toFixed(0)} MB .xlsx)`);
    const loadBefore = loadavg()[0];
    const imported = await importFile(server, token, file).catch((error: unknown) => {
      console.error(`${database}: the server's last output:\n${output}`);
      throw error;
    });
    const importPeak = server.peakRssPerProcess();
    const { job } = imported;
    const outcome = {
      database,
      generationMs,
      importMs: imported.ms,
      importPeak,
      importLoad: [loadBefore, loadavg()[0]] as [number, number],
      callsMeanwhile: imported.callsMeanwhile,
      imported: { imported: job.imported, updated: job.updated, skipped: job.skipped },
    };
    if (importOnly) return { ...outcome, exported: null, search: null, peakAfter: importPeak };
    console.log(`${database}: exporting as many patents as an export takes (${PATENT_EXPORT_MAX_ROWS.toLocaleString("en")})`);
    const exported = await exportFile(server, token);
    console.log(`${database}: ${clients} clients searching for ${durationMs / 1000} s, answers kept until an import (PATENT_SEARCH_CACHE=${KEPT_ANSWERS})`);
    const cached = await searchRun(database, server, token, agent, backends);
    const peakAfter = server.peakRssPerProcess();
    await server.stop();
    console.log(`${database}: ${clients} clients searching for ${durationMs / 1000} s, every answer computed (PATENT_SEARCH_CACHE=0)`);
    const computing = await start("0");
    try {
      const uncached = await searchRun(database, computing, await signInAdmin(computing.baseUrl, ADMIN_PASSWORD), agent, backends);
      return { ...outcome, exported, search: { cached, uncached }, peakAfter: Math.max(peakAfter, computing.peakRssPerProcess()) };
    } finally {
      await computing.stop();
    }
  } finally {
    agent.destroy();
    await backends?.close();
    await server.stop();
  }
}

async function onSqlite(file: string): Promise<Outcome> {
  const dir = mkdtempSync(join(tmpdir(), "bench-patents-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  console.log(`sqlite: generating ${generated.toLocaleString("en")} patents`);
  const generationMs = await preparePatents({ database: { kind: "sqlite", file: join(dir, "platform.db") } }, generated, ADMIN_PASSWORD, GENERATED_SEED);
  return measure("sqlite", generationMs, file, { DATA_DIR: dir }, dir);
}

async function onPostgres(adminUrl: string, file: string): Promise<Outcome> {
  const name = `bench_patents_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  cleanups.push(() => admin(`drop database if exists "${name}" with (force)`));
  const dir = mkdtempSync(join(tmpdir(), "bench-patents-pg-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  console.log(`postgres: generating ${generated.toLocaleString("en")} patents in database ${name}`);
  const generationMs = await preparePatents({ database: { kind: "postgres", url: url.href, display: name } }, generated, ADMIN_PASSWORD, GENERATED_SEED);
  return measure("postgres", generationMs, file, { DATABASE_URL: url.href, DATA_DIR: dir }, dir, () => postgresBackendCpu(adminUrl, name));
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const verdict = (met: boolean) => (met ? "met" : "MISSED");

function report(outcomes: Outcome[]): void {
  const searched = outcomes.flatMap((o) => (o.search ? [{ ...o, search: o.search }] : []));
  console.log(`\n${generated.toLocaleString("en")} generated patents, a ${importRows.toLocaleString("en")}-row .xlsx imported; ${importOnly ? "no search load" : `${clients} clients for ${durationMs / 1000} s after ${warmUpMs / 1000} s of warm-up`}; ${workers === 1 ? "one server process" : `${workers} server processes`}, ${serverRun === "built" ? "built" : "from the sources"}${nodeArguments.length > 0 ? ` (${nodeArguments.join(" ")})` : ""}`);
  console.log(`database   generated   import    imported/updated/skipped   import peak   load average (start, end)   ${CALL_MEANWHILE} meanwhile: calls, p50, p95, slowest`);
  for (const o of outcomes) {
    console.log(
      [
        o.database.padEnd(10),
        `${(o.generationMs / 1000).toFixed(0)} s`.padStart(9),
        `${(o.importMs / 1000).toFixed(1)} s`.padStart(8),
        `${o.imported.imported}/${o.imported.updated}/${o.imported.skipped}`.padStart(26),
        mb(o.importPeak).padStart(13),
        `${o.importLoad.map((load) => load.toFixed(2)).join(", ")}`.padStart(27),
        `${o.callsMeanwhile.length}, ${ms(percentile(o.callsMeanwhile, 50))}, ${ms(percentile(o.callsMeanwhile, 95))}, ${ms(percentile(o.callsMeanwhile, 100))}`.padStart(40),
      ].join(" "),
    );
  }
  const exports = outcomes.flatMap((o) => (o.exported ? [{ database: o.database, ...o.exported }] : []));
  if (exports.length > 0) {
    console.log(`\nexport (POST /api/patents/export, downloaded as fast as the client can)`);
    console.log(`database   patents   .xlsx       time   largest server process (sampled)   ${CALL_MEANWHILE} meanwhile: calls, p50, p95, slowest`);
    for (const e of exports) {
      console.log(
        [
          e.database.padEnd(10),
          e.rows.toLocaleString("en").padStart(7),
          mb(e.bytes).padStart(7),
          `${(e.ms / 1000).toFixed(1)} s`.padStart(10),
          mb(e.peak).padStart(36),
          `${e.callsMeanwhile.length}, ${ms(percentile(e.callsMeanwhile, 50))}, ${ms(percentile(e.callsMeanwhile, 95))}, ${ms(percentile(e.callsMeanwhile, 100))}`.padStart(40),
          JSON.stringify(e.model),
        ].join(" "),
      );
    }
  }
  if (searched.length > 0) {
    console.log(`\nsearch: "cached" on the server that imported, which keeps ${KEPT_ANSWERS} answers until an import (repeated: the share of calls asking a question it was asked before, at most its hits); "uncached" on one that keeps none`);
    console.log("database   answers      req/s     p50       p95       p99   errors   server CPU/call   PostgreSQL CPU/call   repeated   load average");
    for (const o of searched) {
      for (const [answers, run] of [["uncached", o.search.uncached], ["cached", o.search.cached]] as const) {
        const { load } = run;
        console.log(
          [
            o.database.padEnd(10),
            answers.padEnd(9),
            (load.load.requests / load.load.seconds).toFixed(0).padStart(8),
            ms(percentile(load.load.latencies, 50)).padStart(9),
            ms(percentile(load.load.latencies, 95)).padStart(9),
            ms(percentile(load.load.latencies, 99)).padStart(9),
            String(load.load.errors).padStart(8),
            `${load.serverCpuMsPerCall.toFixed(2)} ms`.padStart(17),
            (load.databaseCpuMsPerCall === null ? "" : `${load.databaseCpuMsPerCall.toFixed(2)} ms`).padStart(21),
            `${(run.repeated * 100).toFixed(0)}%`.padStart(10),
            `${load.loadAverage.map((average) => average.toFixed(2)).join(", ")}`.padStart(14),
          ].join(" "),
        );
        if (load.load.firstError) console.log(`  first error: ${load.load.firstError}`);
      }
    }
    console.log(`\nstatistics (${STATS_RUNS} runs each; cached: the first run computes, the others are kept)`);
    for (const o of searched) {
      for (const [index, { model, ms: runs }] of o.search.uncached.stats.entries()) {
        const kept = o.search.cached.stats[index].ms;
        console.log(`  ${o.database.padEnd(9)} ${model.padEnd(28)} uncached ${runs.map((t) => t.toFixed(0)).join(", ")} ms; cached ${kept.map((t) => t.toFixed(0)).join(", ")} ms`);
      }
      console.log(`  ${o.database.padEnd(9)} server CPU a call: uncached ${o.search.uncached.statsCpuMs.toFixed(0)} ms, cached ${o.search.cached.statsCpuMs.toFixed(0)} ms`);
    }
  }
  console.log("\ntargets (printed, not asserted)");
  for (const o of outcomes) {
    console.log(`  ${o.database}: import ${(o.importMs / 1000).toFixed(1)} s (at most ${TARGET_IMPORT_MS / 1000}: ${verdict(o.importMs <= TARGET_IMPORT_MS)}), peak ${mb(o.importPeak)} (at most ${mb(TARGET_IMPORT_BYTES)}: ${verdict(o.importPeak <= TARGET_IMPORT_BYTES)})`);
  }
  for (const o of searched) {
    for (const [answers, run] of [["uncached", o.search.uncached], ["cached", o.search.cached]] as const) {
      const p95 = percentile(run.load.load.latencies, 95);
      const slowestStats = Math.max(...run.stats.flatMap((s) => s.ms));
      console.log(`  ${o.database} ${answers}: search p95 ${ms(p95)} (at most ${TARGET_P95_MS} ms: ${verdict(p95 <= TARGET_P95_MS)}); statistics slowest ${ms(slowestStats)} (at most ${TARGET_STATS_MS} ms: ${verdict(slowestStats <= TARGET_STATS_MS)})`);
    }
    console.log(`  ${o.database}: peak memory after all ${mb(o.peakAfter)}`);
  }
}

const outcomes: Outcome[] = [];
try {
  const dir = mkdtempSync(join(tmpdir(), "bench-patents-file-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "import.xlsx");
  console.log(`writing the ${importRows.toLocaleString("en")}-row .xlsx`);
  await writeExport(file, { shape: "patsnap-xlsx", rows: importRows, seed: IMPORT_SEED, sharedStrings: true });
  if (databases.has("sqlite")) outcomes.push(await onSqlite(file));
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (!databases.has("postgres")) console.log("postgres: skipped (BENCH_DATABASES)");
  else if (postgresUrl) outcomes.push(await onPostgres(postgresUrl, file));
  else console.log("postgres: skipped (TEST_DATABASE_URL is not set)");
} finally {
  await cleanUp();
}
report(outcomes);
