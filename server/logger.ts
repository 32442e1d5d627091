import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";
import type { Config } from "./config";

/**
 * Structured JSON logs on stdout. Built before the app so that opening, migrating and seeding the
 * database log through the same logger as the requests do.
 */
export function createLogger(config: Pick<Config, "logLevel">): Logger {
  return pino({
    level: config.logLevel,
    timestamp: pino.stdTimeFunctions.isoTime,
    // Never let credentials reach the log, whatever a later log call passes in.
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "password", "*.password", "passwordHash", "*.passwordHash"],
      censor: "[redacted]",
    },
  });
}

/** What the server code logs through: pino, as Fastify sees it. */
export type Logger = FastifyBaseLogger;
