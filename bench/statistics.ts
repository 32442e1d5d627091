/**
 * npm run bench:statistics — 服务统计 on 1,000,000 visit records. For each database (SQLite in a
 * fresh temporary file; PostgreSQL in a fresh database on TEST_DATABASE_URL's server, when it is
 * set, dropped afterwards) it generates bench:archive's data set (bench/archive/prepare.ts: 5,000
 * companies, records over 2022-2026), then times the statistics service (the code behind
 * POST /api/statistics/visits) for each groupBy over the whole data set (2022-01-01 to 2026-12-31)
 * and over one year (2025), BENCH_RUNS times each after one warm-up call, and prints p50 and p99.
 * Target (issue 11): at most 200 ms. Figures are printed, never asserted.
 *
 * Smaller runs: BENCH_RECORDS, BENCH_COMPANIES, BENCH_RUNS; BENCH_DATABASES=sqlite (or postgres).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { STATISTICS_GROUP_BYS } from "../contract/statistics";
import { openDatabase, type DatabaseHandle } from "../server/db/database";
import { createLogger } from "../server/logger";
import { VisitStatistics } from "../server/modules/statistics/service";
import type { DatasetSize } from "./archive/dataset";
import { numberFrom, percentile } from "./archive/load";
import { prepareSqlite, preparePostgres } from "./archive/prepare";

const TARGET_MS = 200;
const ADMIN_PASSWORD = "Bench-admin-2026";
const TIME_ZONE = "Asia/Shanghai";
const size: DatasetSize = {
  companies: numberFrom("BENCH_COMPANIES", 5000, 2),
  records: numberFrom("BENCH_RECORDS", 1_000_000, 1000),
  exportRecords: 1000,
};
const runs = numberFrom("BENCH_RUNS", 20);
const databases = new Set((process.env.BENCH_DATABASES ?? "sqlite,postgres").split(",").map((d) => d.trim()));
const PERIODS = [
  { name: "2022-2026", from: "2022-01-01", to: "2026-12-31" },
  { name: "2025", from: "2025-01-01", to: "2025-12-31" },
];

interface Row {
  database: string;
  period: string;
  groupBy: string;
  p50: number;
  p99: number;
  visits: number;
}

async function measure(database: string, handle: DatabaseHandle): Promise<Row[]> {
  const statistics = new VisitStatistics({ db: handle.db, dialect: handle.dialect, timeZone: TIME_ZONE, cityAreas: null });
  const rows: Row[] = [];
  for (const period of PERIODS) {
    const bounds = statistics.bounds(period.from, period.to, undefined);
    for (const groupBy of STATISTICS_GROUP_BYS) {
      const first = await statistics.visits(bounds, groupBy, "zh-CN");
      const times = new Float64Array(runs);
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await statistics.visits(bounds, groupBy, "zh-CN");
        times[i] = performance.now() - started;
      }
      times.sort();
      const row = { database, period: period.name, groupBy, p50: percentile(times, 50), p99: percentile(times, 99), visits: first.totals.visits };
      console.log(`${database} ${period.name} ${groupBy}: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms (${row.visits} visits)`);
      rows.push(row);
    }
  }
  return rows;
}

async function onSqlite(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), "bench-statistics-"));
  try {
    const file = join(dir, "platform.sqlite");
    const prepared = await prepareSqlite(file, size, ADMIN_PASSWORD);
    console.log(`sqlite: generated in ${(prepared.generationMs / 1000).toFixed(1)} s`);
    const handle = await openDatabase({ database: { kind: "sqlite", file } }, createLogger({ logLevel: "warn" }));
    try {
      return await measure("sqlite", handle);
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(adminUrl: string): Promise<Row[]> {
  const name = `bench_statistics_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const prepared = await preparePostgres(url.href, size, ADMIN_PASSWORD);
    console.log(`postgres: generated in ${(prepared.generationMs / 1000).toFixed(1)} s`);
    const display = `postgres://${url.hostname}:${url.port || "5432"}/${name}`;
    const handle = await openDatabase({ database: { kind: "postgres", url: url.href, display } }, createLogger({ logLevel: "warn" }));
    try {
      return await measure("postgres", handle);
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const rows: Row[] = [];
if (databases.has("sqlite")) rows.push(...(await onSqlite()));
const postgresUrl = process.env.TEST_DATABASE_URL;
if (databases.has("postgres")) {
  if (postgresUrl) rows.push(...(await onPostgres(postgresUrl)));
  else console.log("postgres: skipped (TEST_DATABASE_URL is not set)");
}

console.log(`\n${size.records.toLocaleString("en")} records, ${size.companies.toLocaleString("en")} companies, ${runs} runs a call; target p99 ≤ ${TARGET_MS} ms\n`);
console.log("| database | period | groupBy | p50 | p99 | ≤ 200 ms |");
console.log("|---|---|---|---|---|---|");
for (const row of rows) {
  console.log(`| ${row.database} | ${row.period} | ${row.groupBy} | ${row.p50.toFixed(1)} ms | ${row.p99.toFixed(1)} ms | ${row.p99 <= TARGET_MS ? "met" : "**missed**"} |`);
}
