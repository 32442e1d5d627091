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
  process.on("SIGINT", stop);
}

async function serve(config: Config, log: Logger): Promise<void> {
  const database: DatabaseHandle = await openDatabase(config, log);
  let app: App | null = null;
  try {
    log.info({ database: database.location }, "database opened");
    await migrateToLatest(database, log);
    const { generatedAdminPassword } = await seed(database, config, log);
    if (generatedAdminPassword) {
      // The only time this password exists in clear text; it is not logged.
      process.stdout.write(`管理员账号 ${ADMIN_USERNAME} 的初始密码: ${generatedAdminPassword}\n`);
    }
    if (config.seedDemoData) await seedDemoCompanies(database.db, database.dialect, log);
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
  handleSignals(app, log);
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
  try {
    loadDotEnv();
    const config = loadConfig(process.env);
    log = createLogger(config);
    await serve(config, log);
  } catch (error) {
    failStart(error, log);
  }
}

await main();
