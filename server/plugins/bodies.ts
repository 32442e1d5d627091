import formbody from "@fastify/formbody";
import multipart, { type Multipart } from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors";
import { text } from "../i18n";
import type { App } from "../types";

export const UploadMessages = {
  stalled: text("server.uploads.stalled"),
  malformed: text("server.uploads.malformed"),
} as const;

/**
 * What a failed multipart read means for the caller: the framework's own limits (FST_ codes) and
 * our refusals stay as they are, a disk failure (it has a syscall) stays a server fault, and
 * anything else the parser or the stream raised (no boundary, a part cut short, the client gone)
 * is a body that did not arrive whole: 400.
 */
export function uploadFailure(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  const { code, syscall } = error as NodeJS.ErrnoException;
  if (syscall !== undefined || (typeof code === "string" && code.startsWith("FST_"))) return error;
  return AppError.badRequest(/boundary|malformed|unsupported/i.test(error.message) ? UploadMessages.malformed : UploadMessages.stalled);
}

/**
 * A multipart body is read by the handler as it arrives, so nothing else bounds how long it may
 * take: a body that stops sending would hold its request, the open temporary file and the
 * connection forever. This guard gives every multipart request an idle bound: when no bytes have
 * come for `idleMs`, the part being read and any wait for the next part fail with 400, the answer
 * closes the connection, and the handler's cleanup (FileStore.save) removes what was written; a
 * body still unfinished that long after its answer loses its connection.
 */
function guardMultipart(request: FastifyRequest, reply: FastifyReply, idleMs: number): void {
  const raw = request.raw;
  let currentFile: NodeJS.ReadableStream & { destroy(error?: Error): void; readableEnded?: boolean } | undefined;
  let stalled: AppError | undefined;
  let rejectWaits: (error: AppError) => void = () => {};
  const waitsFail = new Promise<never>((_resolve, reject) => {
    rejectWaits = reject;
  });
  // Only ever observed through a race with a real read.
  waitsFail.catch(() => {});

  const socket = raw.socket;
  const stop = () => {
    clearTimeout(timer);
    raw.off("data", bump);
    raw.off("end", settle);
    reply.raw.off("finish", settle);
    socket?.off("close", stop);
  };
  // The bound holds until both the answer has gone and the body has come to its end: a body that
  // ends without its closing boundary leaves the parser waiting for a part that never finishes,
  // and an answer sent early (a refusal) still waits for the rest of the body on its connection.
  const settle = () => {
    if (reply.raw.writableFinished && raw.complete) stop();
  };
  const timer = setTimeout(() => {
    stop();
    // Answered already (the handler refused without reading on): the rest never came, so the
    // connection, held open for it, goes.
    if (reply.sent) {
      if (!raw.complete) raw.destroy();
      return;
    }
    stalled = AppError.badRequest(UploadMessages.stalled);
    reply.header("connection", "close");
    if (currentFile && !currentFile.readableEnded) currentFile.destroy(stalled);
    rejectWaits(stalled);
  }, idleMs);
  timer.unref();
  const bump = () => timer.refresh();
  raw.on("end", settle);
  reply.raw.on("finish", settle);
  socket?.once("close", stop);

  const race = async <T>(read: Promise<T>): Promise<T> => {
    if (stalled) throw stalled;
    try {
      return await Promise.race([read, waitsFail]);
    } catch (error) {
      throw uploadFailure(error);
    }
  };
  const note = <T extends Multipart | undefined>(part: T): T => {
    if (part?.type === "file") currentFile = part.file;
    return part;
  };
  let watching = false;
  // The multipart plugin pipes the request into its parser on the first read; a listener added
  // before that would start the flow early, so the bytes are watched from then on.
  const watch = () => {
    if (watching || stalled) return;
    watching = true;
    raw.on("data", bump);
  };

  const file = request.file.bind(request);
  const parts = request.parts.bind(request);
  request.file = async (options) => {
    const read = file(options);
    watch();
    return note(await race(read));
  };
  request.parts = async function* (options) {
    const iterator = parts(options)[Symbol.asyncIterator]();
    for (;;) {
      const next = iterator.next();
      watch();
      const { done, value } = await race(next);
      if (done) return;
      yield note(value);
    }
  };
}

/**
 * Request bodies beyond JSON: form-encoded (OAuth token requests) and multipart (uploads). JSON and
 * form bodies are capped by BODY_LIMIT_KB (Fastify's bodyLimit); a multipart body is streamed, so
 * it is capped per part instead: one file of at most UPLOAD_MAX_MB and a few small fields, and in
 * time by UPLOAD_IDLE_SECONDS without a byte (guardMultipart).
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
  app.addHook("preValidation", (request, reply, done) => {
    if (request.isMultipart()) guardMultipart(request, reply, app.config.uploadIdleMs);
    done();
  });
}
