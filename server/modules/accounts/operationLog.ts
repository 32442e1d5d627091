import type { FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../../types";
import { writeLog } from "../logs/writer";

/**
 * An operation-log row for a change to an account or a certification that succeeded: who did it,
 * from where, and with what (credentials are masked by the writer).
 */
export function logOperation(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  logAction: string,
  operator: { id: number; username: string },
  params?: unknown,
): void {
  writeLog(app, {
    logAction,
    logType: 2,
    failed: false,
    userId: operator.id,
    userName: operator.username,
    remoteAddr: request.ip,
    method: request.method,
    path: request.url.split("?")[0],
    params,
    durationMs: reply.elapsedTime,
  });
}
