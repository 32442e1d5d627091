import type { FastifyInstance } from "fastify";
import { toDbTime } from "../../db/time";

const DAY_MS = 24 * 60 * 60 * 1000;

type RetentionDeps = Pick<FastifyInstance, "db" | "dialect">;

/**
 * Deletes the operation-log rows older than `days` before `now`; returns how many went. An
 * idempotent delete, so several server processes on one database may all run it.
 */
export async function purgeOldLogs(app: RetentionDeps, days: number, now: Date = new Date()): Promise<number> {
  const cutoff = toDbTime(app.dialect, new Date(now.getTime() - days * DAY_MS));
  const result = await app.db.deleteFrom("operationLogs").where("createdAt", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * LOG_RETENTION_DAYS, applied once the server is ready and then every 24 hours. The purge runs
 * beside the start, not before it; a failure is logged and tried again the next day.
 */
export function registerLogRetention(app: FastifyInstance): void {
  const days = app.config.logRetentionDays;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const purge = () => {
    running = purgeOldLogs(app, days).then(
      (deleted) => {
        if (deleted > 0) app.log.info({ deleted, days }, "old operation log rows deleted");
      },
      (error: unknown) => app.log.error({ err: error }, "old operation log rows not deleted"),
    );
  };

  app.addHook("onReady", async () => {
    purge();
    // Unref'd: the timer alone never keeps the process alive.
    timer = setInterval(purge, DAY_MS).unref();
  });
  // A purge under way finishes before the database closes.
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
