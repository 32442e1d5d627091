/**
 * npm run bench:sqlite-workers — SQLite shared by several server processes. Starts the real server
 * on a fresh SQLite file with WORKERS=2, gives each of 200 clients a company, and runs them for
 * 60 s of mixed reads and writes (bench/mixedLoad.ts) as the administrator, after a 5 s warm-up
 * that opens their connections. Then it checks that
 * every write the server acknowledged is in the file, and prints the 5xx count and the times.
 * Target (issue 9): 0 answers 5xx and no call over 2 s. Figures are printed, never asserted.
 *
 * Other sizes: BENCH_CLIENTS, BENCH_SECONDS, BENCH_WORKERS.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { signInAdmin, startServer } from "./archive/server";
import { keepAliveAgent, numberFrom } from "./archive/load";
import { answerKey, latencies, prepareArchive, runMixedLoad, type MixedLoadResult } from "./mixedLoad";

const ADMIN_PASSWORD = "Bench-admin-2026";
/** Opens the clients' kept-alive connections before the measured run (see keepAliveAgent). */
const WARM_UP_MS = 5000;
const TARGET_MAX_MS = 2000;

const clients = numberFrom("BENCH_CLIENTS", 200);
const durationMs = numberFrom("BENCH_SECONDS", 60) * 1000;
const workers = numberFrom("BENCH_WORKERS", 2);

/** Acknowledged writes missing from the file: records by id, answers by their last acknowledged text. */
export function lostWrites(file: string, result: MixedLoadResult): { records: number; answers: number } {
  const sqlite = new SqliteDatabase(file, { readonly: true });
  try {
    const stored = new Set((sqlite.prepare("select id from service_records").all() as { id: number }[]).map((row) => row.id));
    const records = result.acknowledgedRecords.filter((id) => !stored.has(id)).length;
    const current = new Map(
      (sqlite.prepare("select comp_id, question_no, current_answer from service_answers").all() as { comp_id: number; question_no: string; current_answer: string }[]).map(
        (row) => [answerKey(row.comp_id, row.question_no), row.current_answer],
      ),
    );
    let answers = 0;
    for (const [key, { acknowledged, triedAfter }] of result.answers) {
      if (acknowledged === null) continue;
      const now = current.get(key);
      if (now !== acknowledged && !triedAfter.includes(now ?? "")) answers += 1;
    }
    return { records, answers };
  } finally {
    sqlite.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), "bench-sqlite-workers-"));
try {
  const server = await startServer({ DATA_DIR: dir, ADMIN_PASSWORD, WORKERS: String(workers) }, dir);
  const agent = keepAliveAgent(clients);
  let result: MixedLoadResult;
  try {
    const token = await signInAdmin(server.baseUrl, ADMIN_PASSWORD);
    const archive = await prepareArchive(server.baseUrl, token, clients);
    const base = { baseUrl: server.baseUrl, token, ...archive, clients };
    await runMixedLoad({ ...base, durationMs: WARM_UP_MS, seed: 1 }, agent);
    console.log(`sqlite, ${workers} server processes: ${clients} clients of mixed reads and writes for ${durationMs / 1000} s`);
    const loadBefore = loadavg()[0];
    result = await runMixedLoad({ ...base, durationMs, seed: 2 }, agent);
    console.log(`load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after (the machine's other work shares the cores)`);
  } finally {
    agent.destroy();
    await server.stop();
  }
  const lost = lostWrites(join(dir, "platform.db"), result);
  const { p50, p99, max } = latencies(result.calls);
  const fivexx = result.calls.filter((c) => c.status >= 500).length;
  const noAnswer = result.calls.filter((c) => c.status === 0).length;
  const over = result.calls.filter((c) => c.ms > TARGET_MAX_MS).length;
  const writes = result.calls.filter((c) => c.kind !== "read").length;
  console.log(`\ncalls ${result.calls.length} (${(result.calls.length / result.seconds).toFixed(0)}/s, ${writes} writes)`);
  console.log(`5xx ${fivexx}   no answer ${noAnswer}   over ${TARGET_MAX_MS} ms ${over}`);
  console.log(`p50 ${p50.toFixed(1)} ms   p99 ${p99.toFixed(1)} ms   max ${max.toFixed(1)} ms`);
  console.log(`acknowledged: ${result.acknowledgedRecords.length} visit records, ${[...result.answers.values()].filter((a) => a.acknowledged !== null).length} answers; lost: ${lost.records} records, ${lost.answers} answers`);
  if (result.firstFailure) console.log(`first failure: ${result.firstFailure}`);
  console.log(fivexx === 0 && over === 0 && noAnswer === 0 ? "target met: 0 answers 5xx, none over 2 s" : "target MISSED");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
