/**
 * npm run bench:archive — the service archive under load. For each database (SQLite in a fresh
 * DATA_DIR; PostgreSQL in a fresh database on TEST_DATABASE_URL's server, when it is set, dropped
 * afterwards) it migrates and seeds through the server's own code, generates 5,000 companies and
 * 1,000,000 visit records, starts the real server and runs 50 clients against
 * POST /api/archives/queryArchivesPage, browsing (random companies, filters and pages) and then
 * issue 13's 1,000 filtered requests; as the floors under it, GET /api/health with their token
 * and GET /api/open/site (constant JSON, no token, no database). Each load prints req/s, p50, p99
 * and the CPU the server's processes (and PostgreSQL's backends) spent per call, read from their
 * own counters; then it times the .docx export of the company with 1,000 records and reads the
 * server's peak memory. Targets (issue 13): on SQLite with one process at most 0.5 ms of server
 * CPU a page and at least 1,500 pages/s; on PostgreSQL no more server CPU a page than on SQLite;
 * under 200 MB a process; the export under 2 s. Figures are printed, never asserted.
 *
 * Smaller or longer runs: BENCH_RECORDS, BENCH_COMPANIES, BENCH_CLIENTS, BENCH_SECONDS;
 * BENCH_DATABASES=sqlite (or postgres) runs one, BENCH_LOADS=filtered (browsing, followups, statistics, health, constant)
 * only those loads; BENCH_WORKERS server processes (1 by default); BENCH_PROFILE=<dir> has each
 * server process write a CPU profile there when it stops. The server runs as `npm start` runs it,
 * built and with npm start's node options (BENCH_SERVER=sources: through tsx, as the tests run
 * it, without them); BENCH_NODE_ARGS gives its processes other node options to compare (V8's
 * heap flags, say; empty for none).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { DatasetSize } from "./archive/dataset";
import { keepAliveAgent, numberFrom, percentile, runLoad } from "./archive/load";
import { callsTable, measureCalls, postgresBackendCpu, type DatabaseCpu, type Measured } from "./archive/measure";
import { prepareSqlite, preparePostgres, type PreparedDatabase } from "./archive/prepare";
import { serverRunFromEnv, signInAdmin, startServer } from "./archive/server";
import { archiveBrowsing, archiveFiltered, constantReply, followupSummary, healthWithToken, statisticsVisits } from "./archive/workloads";

const TARGET_P99_MS = 50;
const TARGET_EXPORT_MS = 2000;
/** Issue 13: server CPU a page on SQLite with one process, its pages a second, memory a process. */
const TARGET_CPU_PER_PAGE_MS = 0.5;
const TARGET_PAGES_PER_SECOND = 1500;
const TARGET_MEMORY_PER_PROCESS = 200 * 1024 * 1024;
const EXPORT_RUNS = 5;
const WARM_UP_MS = 5000;
const FLOOR_MS = 10_000;
const ADMIN_PASSWORD = "Bench-admin-2026";

const EXPORT_RECORDS = 1000;

// The exported company has its 1,000 records, the others share the rest.
const size: DatasetSize = {
  companies: numberFrom("BENCH_COMPANIES", 5000, 2),
  records: numberFrom("BENCH_RECORDS", 1_000_000, EXPORT_RECORDS),
  exportRecords: EXPORT_RECORDS,
};
const clients = numberFrom("BENCH_CLIENTS", 50);
// One process: what a page costs is read per process (CPU per call); BENCH_WORKERS=2 is the
// deployment on this machine, one per core.
const workers = numberFrom("BENCH_WORKERS", 1);
const durationMs = numberFrom("BENCH_SECONDS", 20) * 1000;
/** The server logs at warn (no line a request) unless BENCH_LOG_LEVEL says otherwise (info: as deployed). */
const logLevel = process.env.BENCH_LOG_LEVEL;
/** Which loads run (all by default): browsing, filtered, followups, statistics, health, constant. */
const loads = new Set((process.env.BENCH_LOADS ?? "browsing,filtered,followups,statistics,health,constant").split(",").map((l) => l.trim()));
const databases = new Set((process.env.BENCH_DATABASES ?? "sqlite,postgres").split(",").map((d) => d.trim()));
const { run: serverRun, nodeArguments } = serverRunFromEnv();

interface Outcome {
  database: string;
  generationMs: number;
  /** Browsing, the 1,000 filtered pages, the follow-up summary, the statistics, health with a token, the constant reply. */
  calls: Measured[];
  exportMs: number[];
  exportBytes: number;
  /** Peak resident memory of the largest server process once it serves, before any call. */
  startPeakPerProcess: number;
  /** Peak resident memory of the largest server process after the loads, before the export. */
  loadPeakPerProcess: number;
  /** The same after the export, and of all server processes together. */
  peakPerProcess: number;
  peakRss: number;
}

/** What to undo however the run ends: temp directories, the PostgreSQL database. */
const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp(): Promise<void> {
  for (const undo of cleanups.splice(0).reverse()) await Promise.resolve(undo()).catch((e: unknown) => console.error("cleanup:", e));
}
process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));

async function exportTimes(baseUrl: string, token: string, compId: number): Promise<{ times: number[]; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < EXPORT_RUNS; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/archives/queryReport`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `bearer ${token}` },
      body: JSON.stringify({ compId }),
    });
    const file = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || file.subarray(0, 2).toString() !== "PK") throw new Error(`export failed: ${res.status} ${file.subarray(0, 200).toString()}`);
    times.push(performance.now() - started);
    bytes = file.length;
  }
  return { times, bytes };
}

async function measure(
  database: string,
  prepared: PreparedDatabase,
  env: Record<string, string>,
  cwd: string,
  databaseCpu: () => Promise<DatabaseCpu | null> = async () => null,
): Promise<Outcome> {
  console.log(`${database}: generated in ${(prepared.generationMs / 1000).toFixed(1)} s; starting the server`);
  const server = await startServer(
    { ...env, ADMIN_PASSWORD, WORKERS: String(workers), ...(logLevel ? { LOG_LEVEL: logLevel } : {}) },
    cwd,
    undefined,
    { run: serverRun, nodeArguments },
  );
  const startPeakPerProcess = server.peakRssPerProcess();
  const agent = keepAliveAgent(clients);
  const backends = await databaseCpu();
  try {
    const token = await signInAdmin(server.baseUrl, ADMIN_PASSWORD);
    const options = { database, baseUrl: server.baseUrl, agent, token, clients, server, databaseCpu: backends };
    const browsing = archiveBrowsing(prepared.companies);
    await runLoad({ ...options, workload: browsing, durationMs: WARM_UP_MS, seed: 1 });
    const calls: Measured[] = [];
    const phases = [
      { load: "browsing", workload: browsing, ms: durationMs },
      { load: "filtered", workload: archiveFiltered(prepared.companies), ms: durationMs },
      { load: "followups", workload: followupSummary, ms: FLOOR_MS },
      { load: "statistics", workload: statisticsVisits, ms: FLOOR_MS },
      { load: "health", workload: healthWithToken, ms: FLOOR_MS },
      { load: "constant", workload: constantReply, ms: FLOOR_MS },
    ];
    for (const [i, { load, workload, ms }] of phases.entries()) {
      if (!loads.has(load)) continue;
      console.log(`${database}: ${clients} clients for ${ms / 1000} s, ${workload.name}`);
      calls.push(await measureCalls(options, workload, ms, i + 2));
    }
    const loadPeakPerProcess = server.peakRssPerProcess();
    console.log(`${database}: exporting the company with ${size.exportRecords} records ${EXPORT_RUNS} times`);
    const exported = await exportTimes(server.baseUrl, token, prepared.exportCompanyId);
    return {
      database,
      generationMs: prepared.generationMs,
      calls,
      exportMs: exported.times,
      exportBytes: exported.bytes,
      startPeakPerProcess,
      loadPeakPerProcess,
      peakPerProcess: server.peakRssPerProcess(),
      peakRss: server.peakRss(),
    };
  } finally {
    agent.destroy();
    await backends?.close();
    await server.stop();
  }
}

async function onSqlite(): Promise<Outcome> {
  const dir = mkdtempSync(join(tmpdir(), "bench-archive-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  console.log("sqlite: generating");
  const prepared = await prepareSqlite(join(dir, "platform.db"), size, ADMIN_PASSWORD);
  return measure("sqlite", prepared, { DATA_DIR: dir }, dir);
}

/** A database of its own next to TEST_DATABASE_URL's, so the shared test database stays untouched. */
async function onPostgres(adminUrl: string): Promise<Outcome> {
  const name = `bench_archive_${randomBytes(4).toString("hex")}`;
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
  const dir = mkdtempSync(join(tmpdir(), "bench-archive-pg-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  console.log(`postgres: generating in database ${name}`);
  const prepared = await preparePostgres(url.href, size, ADMIN_PASSWORD);
  return measure("postgres", prepared, { DATABASE_URL: url.href, DATA_DIR: dir }, dir, () => postgresBackendCpu(adminUrl, name));
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const verdict = (met: boolean) => (met ? "met" : "MISSED");
const isPage = (row: Measured) => row.workload.startsWith("queryArchivesPage");

function targets(outcomes: Outcome[]): string[] {
  const lines: string[] = [];
  const sqlite = outcomes.find((o) => o.database === "sqlite");
  for (const row of sqlite?.calls.filter(isPage) ?? []) {
    const cpu = row.serverCpuMsPerCall;
    const perSecond = row.load.requests / row.load.seconds;
    lines.push(
      `sqlite, ${row.workload}: server CPU ${cpu.toFixed(3)} ms a page (at most ${TARGET_CPU_PER_PAGE_MS}: ${verdict(cpu <= TARGET_CPU_PER_PAGE_MS)}), ` +
        (workers === 1
          ? `${perSecond.toFixed(0)} pages/s (at least ${TARGET_PAGES_PER_SECOND.toLocaleString("en")}: ${verdict(perSecond >= TARGET_PAGES_PER_SECOND)})`
          : `${perSecond.toFixed(0)} pages/s with ${workers} processes (the target is for one)`),
    );
  }
  const postgres = outcomes.find((o) => o.database === "postgres");
  for (const row of postgres?.calls.filter(isPage) ?? []) {
    const onSqlite = sqlite?.calls.find((r) => r.workload === row.workload);
    const compared = onSqlite ? ` (at most SQLite's ${onSqlite.serverCpuMsPerCall.toFixed(3)}: ${verdict(row.serverCpuMsPerCall <= onSqlite.serverCpuMsPerCall)})` : "";
    const inDatabase = row.databaseCpuMsPerCall === null ? "" : `, PostgreSQL's backends ${row.databaseCpuMsPerCall.toFixed(3)} ms`;
    lines.push(`postgres, ${row.workload}: server CPU ${row.serverCpuMsPerCall.toFixed(3)} ms a page${compared}${inDatabase}`);
  }
  for (const o of outcomes) {
    for (const page of o.calls.filter(isPage)) {
      const p99 = percentile(page.load.latencies, 99);
      lines.push(`${o.database}, ${page.workload}: p99 ${ms(p99)} with ${clients} clients (at most ${TARGET_P99_MS} ms: ${verdict(p99 <= TARGET_P99_MS)})`);
    }
    lines.push(
      `${o.database}: largest server process ${mb(o.startPeakPerProcess)} at start, ${mb(o.loadPeakPerProcess)} after the loads, ${mb(o.peakPerProcess)} after the exports ` +
        `(under ${mb(TARGET_MEMORY_PER_PROCESS)}: ${verdict(o.loadPeakPerProcess < TARGET_MEMORY_PER_PROCESS)}, ${verdict(o.peakPerProcess < TARGET_MEMORY_PER_PROCESS)})`,
    );
  }
  return lines;
}

function report(outcomes: Outcome[]): void {
  console.log(
    `\n${size.records.toLocaleString("en")} records over ${size.companies.toLocaleString("en")} companies; ${clients} clients, ` +
      `${workers} server process${workers === 1 ? "" : "es"} (${serverRun}, node ${nodeArguments.join(" ") || "without options"}), ${durationMs / 1000} s a page load, ${FLOOR_MS / 1000} s a floor`,
  );
  console.log(outcomes.map((o) => `${o.database}: generated in ${(o.generationMs / 1000).toFixed(1)} s`).join("; "));
  console.log(callsTable(outcomes.flatMap((o) => o.calls)));
  console.log(`\nexport of the company with ${size.exportRecords} records (${EXPORT_RUNS} runs, the first on a server that has not exported yet)`);
  console.log("database   runs (ms)                          median    slowest     .docx   slowest < 2 s   server peak RSS");
  for (const { database, exportMs, exportBytes, peakRss } of outcomes) {
    const slowest = Math.max(...exportMs);
    console.log(
      [
        database.padEnd(10),
        exportMs.map((t) => t.toFixed(0)).join(", ").padEnd(34),
        ms(median(exportMs)).padStart(9),
        ms(slowest).padStart(10),
        `${(exportBytes / 1024).toFixed(0)} KB`.padStart(9),
        (slowest < TARGET_EXPORT_MS ? "met" : "MISSED").padStart(15),
        mb(peakRss).padStart(17),
      ].join(" "),
    );
  }
  console.log("\ntargets (printed, not asserted)");
  for (const line of targets(outcomes)) console.log(`  ${line}`);
}

const outcomes: Outcome[] = [];
try {
  if (databases.has("sqlite")) outcomes.push(await onSqlite());
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (!databases.has("postgres")) console.log("postgres: skipped (BENCH_DATABASES)");
  else if (postgresUrl) outcomes.push(await onPostgres(postgresUrl));
  else console.log("postgres: skipped (TEST_DATABASE_URL is not set)");
} finally {
  await cleanUp();
}
report(outcomes);
