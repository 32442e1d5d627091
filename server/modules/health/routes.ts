import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { sql } from "kysely";
import { HealthResult } from "../../../contract/schemas/health";
import { isDatabaseUnavailable } from "../../db/faults";
import { AppError, Messages } from "../../errors";
import { Enveloped, ok } from "../../plugins/envelope";

/**
 * For load balancers and operators: the process answers and so does its database. While the
 * database is down the answer is an immediate 503, so a balancer routes around the process.
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: { tags: ["系统"], summary: "健康检查：服务与数据库是否可用", response: { 200: Enveloped(HealthResult) } },
    },
    async (request) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        // An outage is already in the log once, from the pool; anything else is news.
        if (!isDatabaseUnavailable(error)) request.log.error({ err: error }, "database health check failed");
        throw AppError.unavailable(Messages.databaseDown);
      }
      return ok({ status: "ok" as const, database: "up" as const, dialect: app.dialect });
    },
  );
};

export default healthRoutes;
