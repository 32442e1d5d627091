import type { FastifyInstance } from "fastify";
import type { Insertable } from "kysely";
import type { OperationLogsTable } from "../../db/schema";
import { toDbTime } from "../../db/time";
import { MASK, SECRET_NAME as SECRET_FIELD } from "../../security/secrets";

/** Longest params text kept; the log list shows a glance, not the whole request. */
export const PARAMS_MAX_LENGTH = 2000;

export interface LogEntry {
  logAction: string;
  /** 1 = sign-in or sign-out, 2 = any other operation. */
  logType: 1 | 2;
  /** True when the operation failed (exception_type 1). */
  failed: boolean;
  userId: number | null;
  /** The operator; for a sign-in, the username that was tried. */
  userName: string | null;
  remoteAddr: string;
  method: string;
  path: string;
  /** Any JSON-able value; secrets are masked before it is stored. */
  params?: unknown;
  durationMs?: number;
  errorMessage?: string | null;
}

type LogDeps = Pick<FastifyInstance, "db" | "dialect" | "log">;

/** Nesting kept in the log's copy of the params; deeper parts are replaced by TRUNCATED. */
export const PARAMS_MAX_DEPTH = 8;
const TRUNCATED = "[…]";

/**
 * A copy of the value with every credential-like field's value replaced, nesting deeper than
 * PARAMS_MAX_DEPTH cut off: whatever a request carried (within the body limit), copying it cannot
 * overflow the stack, so the row is always written.
 */
export function maskSecrets(value: unknown): unknown {
  return masked(value, 0);
}

function masked(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth >= PARAMS_MAX_DEPTH) return TRUNCATED;
  if (Array.isArray(value)) return value.map((item) => masked(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    // defineProperty: a "__proto__" key stays a field instead of replacing the copy's prototype.
    Object.defineProperty(copy, key, { value: SECRET_FIELD.test(key) ? MASK : masked(inner, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** PostgreSQL refuses NUL in text; the log keeps the rest of the text. */
function storable(text: string): string;
function storable(text: string | null): string | null;
function storable(text: string | null): string | null {
  return text === null ? null : text.replaceAll("\0", "\uFFFD");
}

function paramsText(params: unknown): string | null {
  if (params === undefined || params === null) return null;
  let text: string | null;
  try {
    text = JSON.stringify(maskSecrets(params)) ?? null;
  } catch {
    // A value JSON cannot write (e.g. a BigInt from a handler): the row is still written.
    text = TRUNCATED;
  }
  if (text === null) return null;
  // By code point, so that no character is cut in half; 2 code units at most per code point.
  return Array.from(text.slice(0, PARAMS_MAX_LENGTH * 2)).slice(0, PARAMS_MAX_LENGTH).join("");
}

/*
 * Writes still running, per database, so tests can wait for them and a closing server does not
 * cut them off. Keyed by the Kysely instance: every encapsulated Fastify scope shares it.
 */
const pending = new WeakMap<object, Set<Promise<void>>>();

/**
 * Adds a row to the operation log without holding up the answer: the write runs on its own, and a
 * failure is logged, never thrown, since losing a log row must not fail the user's request.
 */
export function writeLog(app: LogDeps, entry: LogEntry): void {
  const row: Insertable<OperationLogsTable> = {
    logAction: entry.logAction,
    logType: entry.logType,
    exceptionType: entry.failed ? 1 : 0,
    userId: entry.userId,
    userName: storable(entry.userName),
    remoteAddr: entry.remoteAddr,
    method: entry.method,
    path: storable(entry.path),
    params: paramsText(entry.params),
    durationMs: entry.durationMs === undefined ? null : Math.round(entry.durationMs),
    errorMessage: storable(entry.errorMessage ?? null),
    createdAt: toDbTime(app.dialect, new Date()),
  };
  let writes = pending.get(app.db);
  if (!writes) pending.set(app.db, (writes = new Set()));
  const write: Promise<void> = app.db
    .insertInto("operationLogs")
    .values(row)
    .execute()
    .then(
      () => undefined,
      (error: unknown) => app.log.error({ err: error, logAction: entry.logAction }, "operation log row not written"),
    )
    .finally(() => writes.delete(write));
  writes.add(write);
}

/** Resolves once every log row written so far is in the database (or has failed). */
export async function flushLogs(app: Pick<FastifyInstance, "db">): Promise<void> {
  await Promise.all([...(pending.get(app.db) ?? [])]);
}

/** A server that closes finishes its log writes before the database goes. */
export function registerLogWriter(app: FastifyInstance): void {
  app.addHook("onClose", async (instance) => flushLogs(instance));
}
