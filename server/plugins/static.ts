import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { AppError, Messages } from "../errors";
import type { App } from "../types";
import { isApiPath } from "./errors";
import { markPublic } from "./markPublic";

const indexFileOf = (config: Pick<Config, "staticDir">) => join(config.staticDir, "index.html");

/**
 * How a browser navigation is answered (history mode): the built app's index.html, never cached so
 * a new build is picked up at once; or, while the app is not built, a 503 envelope saying so.
 */
export function appShellSender(config: Pick<Config, "staticDir">) {
  const indexFile = indexFileOf(config);
  return async (_request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    let html: Buffer;
    try {
      html = await readFile(indexFile);
    } catch {
      throw AppError.unavailable(Messages.appNotBuilt);
    }
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(html);
  };
}

/** Serves the built app from STATIC_DIR; Vite's hashed files under assets/ are cached for a year. */
export async function registerStatic(app: App): Promise<void> {
  const { staticDir } = app.config;
  if (!existsSync(indexFileOf(app.config))) {
    app.log.warn({ staticDir }, "the app is not built: no index.html in STATIC_DIR; pages answer 503");
    return;
  }
  const assetsDir = join(staticDir, "assets") + sep;
  await app.register(async (scope) => {
    scope.addHook("onRoute", markPublic);
    await scope.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      decorateReply: false,
      cacheControl: false,
      // API paths are never files: answer them from the not-found handler without touching the disk.
      allowedPath: (pathName) => !isApiPath(pathName),
      setHeaders: (res, path) => {
        res.setHeader("cache-control", path.startsWith(assetsDir) ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  });
}
