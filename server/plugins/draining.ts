import { AppError, Messages } from "../errors";
import type { App } from "../types";

/**
 * Graceful shutdown. Requests already running finish; their answers carry `Connection: close`, so
 * the client does not keep the connection open and the server can stop as soon as they are done.
 * A request that still arrives on an open keep-alive connection is refused with an envelope
 * (Fastify's own 503 is not one), and the client moves to another server.
 */
export async function registerDraining(app: App): Promise<void> {
  let draining = false;
  app.addHook("preClose", async () => {
    draining = true;
  });
  app.addHook("onRequest", (_request, _reply, done) => {
    done(draining ? AppError.unavailable(Messages.shuttingDown) : undefined);
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (draining) reply.header("connection", "close");
    done(null, payload);
  });
}
