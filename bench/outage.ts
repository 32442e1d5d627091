/**
 * npm run bench:outage — PostgreSQL restarted under load (issue 9, "Done when"). In a fresh
 * database next to TEST_DATABASE_URL's (dropped afterwards) it starts the real server, one process
 * per core (WORKERS), gives each of 200 clients a company, and runs them for 60 s of mixed reads
 * and writes (bench/mixedLoad.ts) as the administrator, after a 5 s warm-up. Half-way it restarts
 * the PostgreSQL cluster (pg_ctlcluster ... restart: every connection is ended) and waits until
 * the database accepts connections again. Then it prints whether the server is still up, the
 * acknowledged writes and how many of them the database lacks, the 5xx answers inside and outside
 * the outage window (from the restart until 2 s after the database is back), how soon the service
 * answered again, and p50/p99/max. Figures are printed, never asserted.
 *
 * It RESTARTS THE POSTGRESQL SERVER of this machine: anything else using it sees its connections
 * end. Needs root (or the postgres user) for pg_ctlcluster. Other sizes: BENCH_CLIENTS,
 * BENCH_SECONDS, BENCH_WORKERS.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import pg from "pg";
import { keepAliveAgent, numberFrom } from "./archive/load";
import { signInAdmin, startServer } from "./archive/server";
import { answerKey, latencies, prepareArchive, runMixedLoad, type Call, type MixedLoadResult } from "./mixedLoad";

const ADMIN_PASSWORD = "Bench-admin-2026";
const WARM_UP_MS = 5000;
/** The contract: the service answers again within this long after the database is back. */
const BACK_WITHIN_MS = 2000;

const clients = numberFrom("BENCH_CLIENTS", 200);
const durationMs = numberFrom("BENCH_SECONDS", 60) * 1000;
const workers = numberFrom("BENCH_WORKERS", availableParallelism());
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error("TEST_DATABASE_URL must name a PostgreSQL server on this machine (its cluster is restarted)");

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Restarts the cluster (the only one: Debian's layout, /etc/postgresql/<version>/main). */
async function restartPostgres(): Promise<void> {
  const [version] = readdirSync("/etc/postgresql");
  await promisify(execFile)("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "restart"]);
}

async function acceptsConnections(url: string): Promise<boolean> {
  try {
    await withClient(url, (client) => client.query("select 1"));
    return true;
  } catch {
    return false;
  }
}

/** Acknowledged writes missing from the database: records by id, answers by their last acknowledged text. */
async function lostWrites(url: string, result: MixedLoadResult): Promise<{ records: number; answers: number }> {
  return withClient(url, async (client) => {
    const { rows: recordRows } = await client.query<{ id: number }>("select id from service_records where id = any($1::int[])", [result.acknowledgedRecords]);
    const stored = new Set(recordRows.map((row) => row.id));
    const { rows: answerRows } = await client.query<{ comp_id: number; question_no: string; current_answer: string }>(
      "select comp_id, question_no, current_answer from service_answers",
    );
    const current = new Map(answerRows.map((row) => [answerKey(row.comp_id, row.question_no), row.current_answer]));
    let answers = 0;
    for (const [key, { acknowledged, triedAfter }] of result.answers) {
      if (acknowledged === null) continue;
      const now = current.get(key);
      if (now !== acknowledged && !triedAfter.includes(now ?? "")) answers += 1;
    }
    return { records: result.acknowledgedRecords.filter((id) => !stored.has(id)).length, answers };
  });
}

const overlaps = (call: Call, from: number, to: number) => call.sentAt <= to && call.sentAt + call.ms >= from;

const name = `bench_outage_${randomBytes(4).toString("hex")}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const dir = mkdtempSync(join(tmpdir(), "bench-outage-"));
await withClient(adminUrl, (client) => client.query(`create database "${name}"`));
try {
  let deaths = 0;
  const server = await startServer({ DATABASE_URL: url.href, DATA_DIR: dir, ADMIN_PASSWORD, WORKERS: String(workers) }, dir, (text) => {
    deaths += text.match(/a server process died/g)?.length ?? 0;
  });
  const agent = keepAliveAgent(clients);
  let result: MixedLoadResult;
  let restartAt = NaN;
  let backAt = NaN;
  let up = false;
  try {
    const token = await signInAdmin(server.baseUrl, ADMIN_PASSWORD);
    const archive = await prepareArchive(server.baseUrl, token, clients);
    const base = { baseUrl: server.baseUrl, token, ...archive, clients };
    await runMixedLoad({ ...base, durationMs: WARM_UP_MS, seed: 1 }, agent);
    console.log(`postgres, ${workers} server processes: ${clients} clients of mixed reads and writes for ${durationMs / 1000} s; restarting PostgreSQL at ${durationMs / 2000} s`);

    const started = performance.now();
    const outage = (async () => {
      await sleep(durationMs / 2);
      restartAt = performance.now() - started;
      const restarted = restartPostgres();
      // Watched from the side, from the restart on: the command returns some time after the
      // database accepts connections again.
      let seenDown = false;
      for (;;) {
        const accepts = await acceptsConnections(url.href);
        if (!accepts) seenDown = true;
        else if (seenDown) break;
        await sleep(50);
      }
      backAt = performance.now() - started;
      await restarted;
      console.log(`PostgreSQL restarted at ${(restartAt / 1000).toFixed(1)} s, accepting connections again at ${(backAt / 1000).toFixed(1)} s`);
    })();
    [result] = await Promise.all([runMixedLoad({ ...base, durationMs, seed: 2 }, agent), outage]);
    up = (await fetch(`${server.baseUrl}/api/health`)).status === 200;
  } finally {
    agent.destroy();
    await server.stop();
  }

  const lost = await lostWrites(url.href, result);
  const windowEnd = backAt + BACK_WITHIN_MS;
  const fivexx = result.calls.filter((c) => c.status >= 500 || c.status === 0);
  const inside = fivexx.filter((c) => overlaps(c, restartAt, windowEnd));
  const lastFailureAnswered = Math.max(...fivexx.map((c) => c.sentAt + c.ms));
  const firstServedAfterBack = result.calls.filter((c) => c.status === 200 && c.sentAt >= backAt).reduce((first, c) => Math.min(first, c.sentAt + c.ms), Infinity);
  const outside = fivexx.length - inside.length;
  const { p50, p99, max } = latencies(result.calls);
  const outageCalls = result.calls.filter((c) => c.status === 503 && overlaps(c, restartAt, backAt));
  const outageMax = outageCalls.reduce((m, c) => Math.max(m, c.ms), 0);
  const acknowledgedAnswers = [...result.answers.values()].filter((a) => a.acknowledged !== null).length;

  console.log(`\nserver up after the run: ${up ? "yes" : "NO"} (server processes that died: ${deaths})`);
  console.log(`calls ${result.calls.length} in ${result.seconds.toFixed(1)} s; p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms`);
  console.log(`outage window ${(restartAt / 1000).toFixed(1)}-${(windowEnd / 1000).toFixed(1)} s (restart until 2 s after the database is back)`);
  console.log(`5xx or no answer: ${inside.length} inside the window, ${outside} outside`);
  console.log(`503 answers while the database was down: ${outageCalls.length}, the slowest in ${outageMax.toFixed(0)} ms`);
  console.log(
    `service answering again ${(firstServedAfterBack - backAt).toFixed(0)} ms after the database was back; last failed call answered ${Number.isFinite(lastFailureAnswered) ? `${(lastFailureAnswered - backAt).toFixed(0)} ms after it` : "never"}`,
  );
  console.log(`acknowledged writes: ${result.acknowledgedRecords.length} visit records, ${acknowledgedAnswers} answers; missing from the database: ${lost.records} records, ${lost.answers} answers`);
  if (result.firstFailure) console.log(`first failure: ${result.firstFailure}`);
  const met = up && deaths === 0 && outside === 0 && lost.records + lost.answers === 0;
  console.log(met ? "done-when met: server up, 0 lost acknowledged writes, no 5xx outside the outage window" : "done-when MISSED");
} finally {
  await withClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).catch((e: unknown) => console.error("cleanup:", e));
  rmSync(dir, { recursive: true, force: true });
}
