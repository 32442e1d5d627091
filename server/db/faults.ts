/**
 * What a database failure means for a caller, decided here once: the error handler answers 503
 * for an unavailable database, the start waits for it, and the PostgreSQL pool probes it.
 */

/** Thrown at once, without trying, while the database is known to be unreachable. */
export class DatabaseUnavailableError extends Error {
  override readonly name = "DatabaseUnavailableError";
  constructor(reason = "the database is unreachable") {
    super(reason);
  }
}

/** Network failures of the socket to the database server (Node's error codes). */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not accepting: admin_shutdown,
 * crash_shutdown, cannot_connect_now (starting or stopping), database_dropped,
 * too_many_connections, query_canceled (statement_timeout), and the connection exceptions (08xxx).
 */
const POSTGRES_STATES = new Set(["57P01", "57P02", "57P03", "57P04", "53300", "57014"]);

/** pg's own failures carry no code, only these messages. */
const PG_CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable)/;

/** better-sqlite3 codes of a lock another process held for longer than we wait (SQLITE_BUSY_*). */
const SQLITE_BUSY = /^SQLITE_BUSY/;

/**
 * The database cannot serve this call now, though it may in a moment: the caller is told to try
 * again (503), never that the server failed (500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || POSTGRES_STATES.has(code) || code.startsWith("08") || SQLITE_BUSY.test(code)) return true;
  }
  return PG_CONNECTION_MESSAGES.test(error.message);
}

/** A connection failure often comes as an AggregateError (one per address tried) with an empty message. */
export function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error) {
    const text = error.message || (error as NodeJS.ErrnoException).code || error.name;
    return text.replace(/\s+/g, " ").trim();
  }
  return String(error);
}
