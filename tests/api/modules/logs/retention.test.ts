import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../../server/app";
import { loadConfig } from "../../../../server/config";
import { openDatabase } from "../../../../server/db/database";
import { migrateToLatest } from "../../../../server/db/migrate";
import { toDbTime } from "../../../../server/db/time";
import { createLogger } from "../../../../server/logger";
import { purgeOldLogs } from "../../../../server/modules/logs/retention";
import { testDatabases } from "../../helpers/databases";
import { createTestEnvironment, startTestApp, type TestApp } from "../../helpers/testApp";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDatabases())("log retention on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { LOG_RETENTION_DAYS: "30" } });
  });
  afterAll(() => t.close());

  const addRow = (logAction: string, at: Date) =>
    t.database.db
      .insertInto("operationLogs")
      .values({ logAction, logType: 2, userName: "retention", createdAt: toDbTime(t.app.dialect, at) })
      .execute();

  const actions = async () =>
    (await t.database.db.selectFrom("operationLogs").select("logAction").where("userName", "=", "retention").orderBy("logAction").execute()).map((r) => r.logAction);

  it("deletes the rows older than the retention, keeps the rest, and can run again", async () => {
    const now = new Date("2026-06-30T04:00:00Z");
    await addRow("a-old", new Date(now.getTime() - 31 * DAY_MS));
    await addRow("b-edge", new Date(now.getTime() - 30 * DAY_MS + 1000));
    await addRow("c-new", new Date(now.getTime() - DAY_MS));
    expect(await purgeOldLogs(t.app, t.config.logRetentionDays, now)).toBe(1);
    expect(await actions()).toEqual(["b-edge", "c-new"]);
    expect(await purgeOldLogs(t.app, t.config.logRetentionDays, now)).toBe(0);
    expect(await purgeOldLogs(t.app, 1, new Date(now.getTime() + DAY_MS))).toBe(2);
    expect(await actions()).toEqual([]);
  });

});

describe("log retention at start", () => {
  it("deletes the old rows once the server is ready", async () => {
    const environment = await createTestEnvironment("sqlite", { LOG_RETENTION_DAYS: "30" });
    const config = loadConfig(environment.env);
    const logger = createLogger(config);
    const database = await openDatabase(config, logger);
    try {
      await migrateToLatest(database, logger);
      const row = (logAction: string, ageDays: number) => ({
        logAction,
        logType: 2 as const,
        createdAt: toDbTime(database.dialect, new Date(Date.now() - ageDays * DAY_MS)),
      });
      await database.db.insertInto("operationLogs").values([row("stale", 31), row("recent", 29)]).execute();
      const app = await buildApp({ config, database, logger });
      await app.ready();
      // Closing waits for the purge under way.
      await app.close();
      const left = await database.db.selectFrom("operationLogs").select("logAction").execute();
      expect(left.map((r) => r.logAction)).toEqual(["recent"]);
    } finally {
      await database.close();
      await environment.cleanup();
    }
  });
});
