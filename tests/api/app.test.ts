import { describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { createTestEnvironment } from "./helpers/testApp";

describe("buildApp", () => {
  it("refuses to start with a route that states no access", async () => {
    const environment = await createTestEnvironment("sqlite");
    const config = loadConfig(environment.env);
    const logger = createLogger(config);
    const database = await openDatabase(config, logger);
    const app = await buildApp({ config, database, logger });
    app.get("/api/forgotten", async () => "open to all?");
    await expect(app.ready()).rejects.toThrow("routes without config.access: GET /api/forgotten");
    await app.close().catch(() => undefined);
    await database.close();
    await environment.cleanup();
  });
});
