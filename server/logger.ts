import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { pino, type DestinationStream } from "pino";
import type { Config } from "./config";
import { maskUrl } from "./security/secrets";

/**
 * Fastify's own request serializer, with the secret query values masked: the token endpoint takes
 * SPEC 7's parameters in the query, the SSO callback carries an authorization code, and the log
 * is read by people who must not see either.
 */
function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Structured JSON logs on stdout (or the destination given, for tests that read what is logged).
 * Built before the app so that opening, migrating and seeding the database log through the same
 * logger as the requests do.
 */
export function createLogger(config: Pick<Config, "logLevel">, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { req: requestSerializer },
    // Never let credentials reach the log, whatever a later log call passes in.
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "password", "*.password", "passwordHash", "*.passwordHash"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** What the server code logs through: pino, as Fastify sees it. */
export type Logger = FastifyBaseLogger;
