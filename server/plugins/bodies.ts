import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { App } from "../types";

/**
 * Request bodies beyond JSON: form-encoded (OAuth token requests) and multipart (uploads). JSON and
 * form bodies are capped by BODY_LIMIT_KB (Fastify's bodyLimit); a multipart body is streamed, so
 * it is capped per part instead: one file of at most UPLOAD_MAX_MB and a few small fields.
 */
export async function registerBodies(app: App): Promise<void> {
  await app.register(formbody);
  await app.register(multipart, {
    limits: {
      fileSize: app.config.uploadMaxBytes,
      files: 1,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: 25,
      headerPairs: 100,
    },
  });
}
