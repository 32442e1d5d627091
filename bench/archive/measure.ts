import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import pg from "pg";
import { percentile, runLoad, type LoadOptions, type LoadResult, type Workload } from "./load";
import { processCpuMs, type BenchServer } from "./server";

/**
 * One measured load: the latencies the clients saw, and the CPU the server's processes (and, on
 * PostgreSQL, the database's backends) spent meanwhile, read from their own counters before and
 * after, so each call's cost stands apart from the clients' and the machine's other work. Any
 * call's benchmark (the archive list here; the follow-up summary, the statistics and the patent
 * search as they land) measures its Workload with measureCalls and prints it with callsTable.
 */
export interface Measured {
  database: string;
  workload: string;
  load: LoadResult;
  /** CPU ms the server's processes spent per answered call. */
  serverCpuMsPerCall: number;
  /** CPU ms PostgreSQL's backends of this database spent per answered call; null on SQLite. */
  databaseCpuMsPerCall: number | null;
  /** The largest server process's peak resident memory so far (VmHWM), read after the load, in bytes. */
  peakRssPerProcess: number;
  /** The 1-minute load average before and after: the machine's other work shares the cores. */
  loadAverage: [number, number];
}

/** The CPU time of a database's server-side work, read like the server's; null when it cannot be. */
export interface DatabaseCpu {
  /** A snapshot to give `since`. */
  read(): Promise<Map<number, number>>;
  /** CPU ms spent since the snapshot. */
  since(before: Map<number, number>): Promise<number>;
  close(): Promise<void>;
}

/**
 * The CPU time of PostgreSQL's backends serving `database` (pg_stat_activity names their pids),
 * from /proc, so only with PostgreSQL on this machine. A backend that ends during the load takes
 * its time with it; the server's pool keeps its connections while busy, so that is rare.
 */
export async function postgresBackendCpu(url: string, database: string): Promise<DatabaseCpu | null> {
  if (!["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname)) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const own = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  if (!existsSync(`/proc/${own.rows[0].pid}/stat`)) {
    await client.end();
    return null;
  }
  const read = async () => {
    const { rows } = await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [database]);
    return new Map(rows.map(({ pid }) => [pid, processCpuMs(pid)]));
  };
  return {
    read,
    since: async (before) => {
      let spent = 0;
      for (const [pid, ms] of await read()) spent += ms - (before.get(pid) ?? 0);
      return spent;
    },
    close: () => client.end(),
  };
}

export interface MeasureOptions extends Omit<LoadOptions, "workload" | "durationMs" | "seed"> {
  database: string;
  server: BenchServer;
  databaseCpu: DatabaseCpu | null;
}

export async function measureCalls(options: MeasureOptions, workload: Workload, durationMs: number, seed: number): Promise<Measured> {
  const { server, databaseCpu } = options;
  const loadBefore = loadavg()[0];
  const databaseBefore = await databaseCpu?.read();
  const cpuBefore = server.cpuMs();
  const load = await runLoad({ ...options, workload, durationMs, seed });
  const serverCpuMs = server.cpuMs() - cpuBefore;
  const databaseCpuMs = databaseCpu && databaseBefore ? await databaseCpu.since(databaseBefore) : null;
  const answered = Math.max(1, load.requests);
  return {
    database: options.database,
    workload: workload.name,
    load,
    serverCpuMsPerCall: serverCpuMs / answered,
    databaseCpuMsPerCall: databaseCpuMs === null ? null : databaseCpuMs / answered,
    peakRssPerProcess: server.peakRssPerProcess(),
    loadAverage: [loadBefore, loadavg()[0]],
  };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const cpu = (n: number | null) => (n === null ? "" : `${n.toFixed(3)} ms`);

/**
 * The measured loads as one table: throughput, latencies, errors, CPU per call, and the largest
 * server process's peak memory so far (a high-water mark: it includes the loads before).
 */
export function callsTable(rows: readonly Measured[]): string {
  const head = [
    "database".padEnd(9),
    "call".padEnd(35),
    "requests".padStart(9),
    "req/s".padStart(7),
    "p50".padStart(9),
    "p99".padStart(9),
    "max".padStart(9),
    "errors".padStart(6),
    "server CPU/call".padStart(16),
    "PostgreSQL CPU/call".padStart(20),
    "peak RSS".padStart(9),
    "load avg".padStart(11),
  ].join(" ");
  const lines = rows.map((row) =>
    [
      row.database.padEnd(9),
      row.workload.padEnd(35),
      String(row.load.requests).padStart(9),
      (row.load.requests / row.load.seconds).toFixed(0).padStart(7),
      ms(percentile(row.load.latencies, 50)).padStart(9),
      ms(percentile(row.load.latencies, 99)).padStart(9),
      ms(row.load.latencies.at(-1) ?? NaN).padStart(9),
      String(row.load.errors).padStart(6),
      cpu(row.serverCpuMsPerCall).padStart(16),
      cpu(row.databaseCpuMsPerCall).padStart(20),
      `${(row.peakRssPerProcess / 1024 / 1024).toFixed(0)} MB`.padStart(9),
      `${row.loadAverage[0].toFixed(1)}-${row.loadAverage[1].toFixed(1)}`.padStart(11),
    ].join(" "),
  );
  const errors = rows.filter((row) => row.load.firstError).map((row) => `  ${row.database}, ${row.workload}: first error ${row.load.firstError}`);
  return [head, ...lines, ...errors].join("\n");
}
