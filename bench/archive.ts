/**
 * npm run bench:archive — the service archive under load. For each database (SQLite in a fresh
 * DATA_DIR; PostgreSQL in a fresh database on TEST_DATABASE_URL's server, when it is set, dropped
 * afterwards) it migrates and seeds through the server's own code, generates 5,000 companies and
 * 1,000,000 visit records, starts the real server and runs 50 clients against
 * POST /api/archives/queryArchivesPage (random companies, filters and pages) and, as the floor
 * under it, against GET /api/health with their token; then it times the .docx export of the
 * company with 1,000 records and reads the server's peak memory.
 * Targets: p99 at most 50 ms, export under 2 s. Figures are printed, never asserted.
 *
 * Smaller or longer runs: BENCH_RECORDS, BENCH_COMPANIES, BENCH_CLIENTS, BENCH_SECONDS; the server
 * runs one process per core (WORKERS) unless BENCH_WORKERS says how many.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { DatasetSize } from "./archive/dataset";
import { keepAliveAgent, numberFrom, percentile, runLoad, type LoadResult } from "./archive/load";
import { prepareSqlite, preparePostgres, type PreparedDatabase } from "./archive/prepare";
import { signInAdmin, startServer } from "./archive/server";

const TARGET_P99_MS = 50;
const TARGET_EXPORT_MS = 2000;
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
// The server as it would be deployed here: one process per core (WORKERS).
const workers = numberFrom("BENCH_WORKERS", availableParallelism());
const durationMs = numberFrom("BENCH_SECONDS", 20) * 1000;

interface Outcome {
  database: string;
  generationMs: number;
  load: LoadResult;
  /** The same clients on GET /api/health with a token: the sign-in guard alone. */
  floor: LoadResult;
  exportMs: number[];
  exportBytes: number;
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

async function measure(database: string, prepared: PreparedDatabase, env: Record<string, string>, cwd: string): Promise<Outcome> {
  console.log(`${database}: generated in ${(prepared.generationMs / 1000).toFixed(1)} s; starting the server`);
  const server = await startServer({ ...env, ADMIN_PASSWORD, WORKERS: String(workers) }, cwd);
  const agent = keepAliveAgent(clients);
  try {
    const token = await signInAdmin(server.baseUrl, ADMIN_PASSWORD);
    const base = { baseUrl: server.baseUrl, agent, token, companies: prepared.companies, clients };
    await runLoad({ ...base, workload: "archive", durationMs: WARM_UP_MS, seed: 1 });
    console.log(`${database}: ${clients} clients for ${durationMs / 1000} s`);
    const loadBefore = loadavg()[0];
    const load = await runLoad({ ...base, workload: "archive", durationMs, seed: 2 });
    // The machine's other work competes for the same cores; the figures are read in its light.
    console.log(`${database}: load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`);
    console.log(`${database}: the same clients on GET /api/health with a token for ${FLOOR_MS / 1000} s`);
    const floor = await runLoad({ ...base, workload: "floor", durationMs: FLOOR_MS, seed: 3 });
    console.log(`${database}: exporting the company with ${size.exportRecords} records ${EXPORT_RUNS} times`);
    const exported = await exportTimes(server.baseUrl, token, prepared.exportCompanyId);
    return { database, generationMs: prepared.generationMs, load, floor, exportMs: exported.times, exportBytes: exported.bytes, peakRss: server.peakRss() };
  } finally {
    agent.destroy();
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
  return measure("postgres", prepared, { DATABASE_URL: url.href, DATA_DIR: dir }, dir);
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function loadLine(name: string, generation: string, load: LoadResult, verdict: string): string {
  return [
    name.padEnd(24),
    generation.padStart(10),
    String(load.requests).padStart(9),
    (load.requests / load.seconds).toFixed(0).padStart(7),
    ms(percentile(load.latencies, 50)).padStart(10),
    ms(percentile(load.latencies, 99)).padStart(10),
    ms(load.latencies.at(-1) ?? NaN).padStart(10),
    String(load.errors).padStart(7),
    verdict,
  ].join(" ");
}

function report(outcomes: Outcome[]): void {
  console.log(`\n${size.records.toLocaleString("en")} records over ${size.companies.toLocaleString("en")} companies; ${clients} clients, ${workers} server processes, ${durationMs / 1000} s`);
  console.log(`${"database".padEnd(24)} generation  requests   req/s        p50        p99        max  errors  p99 ≤ 50 ms`);
  for (const { database, generationMs, load, floor } of outcomes) {
    const verdict = percentile(load.latencies, 99) <= TARGET_P99_MS ? "  met" : "  MISSED";
    console.log(loadLine(`${database} queryArchivesPage`, `${(generationMs / 1000).toFixed(1)} s`, load, verdict));
    console.log(loadLine(`${database} health + token`, "", floor, "  (floor)"));
    for (const { firstError } of [load, floor]) if (firstError) console.log(`  first error: ${firstError}`);
  }
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
        `${(peakRss / 1024 / 1024).toFixed(0)} MB`.padStart(17),
      ].join(" "),
    );
  }
}

const outcomes: Outcome[] = [];
try {
  outcomes.push(await onSqlite());
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) outcomes.push(await onPostgres(postgresUrl));
  else console.log("postgres: skipped (TEST_DATABASE_URL is not set)");
} finally {
  await cleanUp();
}
report(outcomes);
