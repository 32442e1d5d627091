import { readFileSync } from "node:fs";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { App } from "../types";
import { markPublic } from "./markPublic";

export const DOCS_PREFIX = "/api/docs";

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

/**
 * The OpenAPI document, generated from the route schemas, and its viewer at /api/docs (JSON at
 * /api/docs/json). Registered before the routes so that every route is collected.
 */
export async function registerDocs(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${app.config.site.associationName}平台 API`,
        description: "业务调用的应答均为信封 { code, message, result }，code 为 200 表示成功。",
        version,
      },
      servers: [{ url: app.config.publicUrl }],
    },
  });
  await app.register(async (scope) => {
    scope.addHook("onRoute", markPublic);
    await scope.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // The viewer would otherwise send the document to validator.swagger.io, which the CSP forbids.
      uiConfig: { validatorUrl: null, deepLinking: true },
    });
  });
}
