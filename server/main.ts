import cluster, { type Worker } from "node:cluster";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { ConfigError, loadConfig, loadDotEnv, type Config } from "./config";
import { openDatabase, type DatabaseHandle } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { ADMIN_USERNAME, seed } from "./db/seed";
import { createLogger, type Logger } from "./logger";
import { seedDemoCompanies } from "./modules/companies/demo";
import type { App } from "./types";

/** Requests in flight get this long to finish after SIGTERM before the process gives up on them. */
const SHUTDOWN_TIMEOUT_MS = 30_000;
/** A replacement process that died before listening is started again after this, doubling up to the maximum. */
const REPLACE_DELAY_FIRST_MS = 1_000;
const REPLACE_DELAY_MAX_MS = 30_000;

/**
 * Until the process serves, SIGTERM or SIGINT ends a wait for the database (the start then stops
 * with exit code 0); once it serves, handleSignals or the supervisor take over the signals.
 */
const starting = new AbortController();
const abortStart = () => starting.abort();
function stopWaiting(): void {
  process.off("SIGTERM", abortStart);
  process.off("SIGINT", abortStart);
  process.off("SIGINT", ignoreSignal);
}
function ignoreSignal(): void {}

/** Listen failures an operator fixes in the configuration, named like ConfigErrors. */
function listenProblem(error: unknown, config: Config): ConfigError | null {
  switch ((error as NodeJS.ErrnoException).code) {
    case "EADDRINUSE":
      return new ConfigError(`PORT: ${config.port} is already in use on ${config.host}`);
    case "EACCES":
      return new ConfigError(`PORT: no permission to listen on ${config.host}:${config.port}`);
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
      return new ConfigError(`HOST: ${config.host} is not an address of this machine`);
    default:
      return null;
  }
}

function handleSignals(app: App, log: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, "second signal: exiting without waiting");
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, "stopping: finishing the requests in flight");
    setTimeout(() => {
      log.error("requests did not finish in time; exiting");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app.close().then(
      () => {
        log.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, "error while stopping");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  if (cluster.isWorker) {
    // Ctrl-C reaches the whole process group; the primary passes it on as one SIGTERM.
    process.on("SIGINT", () => undefined);
  } else {
    process.on("SIGINT", stop);
  }
}

/** Brings the database to the latest schema and its seeded rows; once per start, before serving. */
async function prepare(database: DatabaseHandle, config: Config, log: Logger): Promise<void> {
  await migrateToLatest(database, log);
  const { generatedAdminPassword } = await seed(database, config, log);
  if (generatedAdminPassword) {
    // The only time this password exists in clear text; it is not logged.
    process.stdout.write(`管理员账号 ${ADMIN_USERNAME} 的初始密码: ${generatedAdminPassword}\n`);
  }
  if (config.seedDemoData) await seedDemoCompanies(database.db, database.dialect, log);
}

/** Serves the platform in this process; `prepared`: the primary process has already run prepare(). */
async function serve(config: Config, log: Logger, prepared: boolean): Promise<void> {
  const database: DatabaseHandle = await openDatabase(config, log, { signal: starting.signal });
  let app: App | null = null;
  try {
    log.info({ database: database.location }, "database opened");
    if (!prepared) await prepare(database, config, log);
    app = await buildApp({ config, database, logger: log });
    // Runs after Fastify has stopped accepting and finished the requests in flight.
    app.addHook("onClose", async () => {
      await database.close();
      log.info("database closed");
    });
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      throw listenProblem(error, config) ?? error;
    }
  } catch (error) {
    if (app) await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  log.info({ url: config.publicUrl }, `serving the platform at ${config.publicUrl}`);
  stopWaiting();
  handleSignals(app, log);
  // A signal that came while the start was under way is answered now.
  if (starting.signal.aborted) process.kill(process.pid, "SIGTERM");
}

/**
 * WORKERS > 1: this process prepares the database, then starts that many serving processes on the
 * one port (node:cluster) and watches them. Before any of them has listened, one that dies means
 * the start failed (it has said why on stderr), and everything stops. Afterwards a process that
 * dies is replaced, and a replacement that dies before it listens is started again after a pause
 * that grows, so a fault outside the server (the database away) never stops the others.
 * SIGTERM or SIGINT stops them all, each finishing its requests in flight.
 */
async function supervise(config: Config, log: Logger): Promise<void> {
  const database = await openDatabase(config, log, { signal: starting.signal });
  try {
    await prepare(database, config, log);
  } finally {
    await database.close();
  }
  stopWaiting();
  if (starting.signal.aborted) process.exit(0);

  // The workers run this file directly, whatever started the primary (npm start builds the app first).
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url) });
  let stopping = false;
  let failed = false;
  let served = false;
  /** Replacements in a row that died before listening: the next one waits longer. */
  let failedReplacements = 0;
  const listening = new Set<number>();
  const start = () => cluster.fork().on("listening", function (this: Worker) {
    listening.add(this.id);
    served = true;
    failedReplacements = 0;
  });
  cluster.on("exit", (worker, code, signal) => {
    const wasListening = listening.delete(worker.id);
    if (!stopping && !served) {
      failed = true;
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
    }
    if (stopping) {
      // A process that did not stop cleanly makes the whole stop unclean.
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    const delayMs = wasListening ? 0 : Math.min(REPLACE_DELAY_MAX_MS, REPLACE_DELAY_FIRST_MS * 2 ** failedReplacements++);
    log.error({ worker: worker.process.pid, code, signal, delayMs }, "a server process died; starting another");
    setTimeout(() => {
      if (!stopping) start();
    }, delayMs);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "stopping the server processes");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    // Nothing left to wait for when every process has already ended (all between replacements).
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  for (let i = 0; i < config.workers; i++) start();
}

/** A start that fails says why in one line on stderr and exits 1. */
function failStart(error: unknown, log: Logger | null): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    log?.fatal({ err: error }, "start failed");
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`server failed to start: ${reason.replace(/\s+/g, " ")}\n`);
  }
  process.exit(1);
}

async function main(): Promise<void> {
  let log: Logger | null = null;
  process.on("SIGTERM", abortStart);
  // Ctrl-C reaches the workers too; the primary passes it on as SIGTERM.
  process.on("SIGINT", cluster.isPrimary ? abortStart : ignoreSignal);
  try {
    loadDotEnv();
    const config = loadConfig(process.env);
    log = createLogger(config);
    if (config.workers > 1 && cluster.isPrimary) await supervise(config, log);
    else await serve(config, log, cluster.isWorker);
  } catch (error) {
    if (starting.signal.aborted) {
      log?.info("stopped while waiting for the database");
      process.exit(0);
    }
    failStart(error, log);
  }
}

await main();
