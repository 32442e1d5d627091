/**
 * The import's reader in a thread of its own (worker_threads): the export is opened and read in a
 * Worker whose heap is bounded (READER_RESOURCE_LIMITS), and its rows come back to the importing
 * thread a batch at a time. A file that takes more memory to read than the bound (a zip bomb that
 * got past the package checks, a sheet of huge cells) ends that thread, not the server: opening it
 * answers UnreadableExport("tooLarge"), reading it throws ReaderFailure("memory"), and the import
 * fails with a message. At most READER_THREADS_MAX such threads run in a process, so what readers
 * may take together is bounded too. The thread's temporary files are in a directory of its own,
 * removed when the thread has ended, however it ended.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { Worker, type ResourceLimits } from "node:worker_threads";
import type { Dialect } from "../../../db/database";
import { READER_RESOURCE_LIMITS, READER_THREADS_MAX } from "./limits";
import { UnreadableExport, type ColumnMapping, type OpenedExport, type ThreadRow } from "./types";

/** What the reader's thread tells: the export opened (all of OpenedExport but its rows), a batch of rows, the end, or why it failed. */
export type FromReader =
  | { type: "opened"; opened: Omit<OpenedExport, "rows" | "close"> }
  | { type: "rows"; rows: ThreadRow[] }
  | { type: "end" }
  | { type: "failed"; reason: UnreadableExport["reason"] | null; message: string };
/** What the importing thread asks: the next batch. */
export type ToReader = { type: "more" };

/** Why the rows could not be read to their end: the thread ran out of its memory, it stopped, or the file is damaged part-way. */
export class ReaderFailure extends Error {
  constructor(
    readonly kind: "memory" | "crashed" | "unreadable",
    detail: string,
  ) {
    super(`${kind}: ${detail}`);
    this.name = "ReaderFailure";
  }
}

/** Every reader thread of the process is busy: the file is not opened, the caller tries again later. */
export class ReadersBusy extends Error {
  constructor() {
    super(`${READER_THREADS_MAX} export readers are running`);
    this.name = "ReadersBusy";
  }
}

/**
 * The thread's entry: from the sources (tsx, Vitest) a plain JavaScript file that loads worker.ts
 * through tsx; from the server built file by file (scripts/build-server.mjs) the worker.js built
 * beside this module, which needs no compiler (and some 30 MB less).
 */
const WORKER_URL = new URL(import.meta.url.endsWith(".ts") ? "./worker.mjs" : "./worker.js", import.meta.url);
/** Rows a batch, and batches asked ahead: the reader reads the next while the import writes one. */
const BATCH_ROWS = 500;
const AHEAD = 2;
/** An opened export whose rows nobody asks for (the mapping step asks first) is closed after this. */
const HOLD_MS = 60_000;

export interface WorkerOptions {
  /** The directory the thread's own temporary directory is made in (the server's data, not a tmpfs). */
  tempRoot: string;
  /** The database the rows are written to: each patent's full-text document text is made for it. */
  dialect: Dialect;
  resourceLimits?: ResourceLimits;
  /** Another entry for the thread (the tests' failing readers). */
  workerUrl?: URL;
}

/** Reader threads running in this process. */
let threads = 0;

/** The thread's messages and its end, waited for one at a time. */
class Inbox {
  private readonly messages: FromReader[] = [];
  private wake: (() => void) | null = null;
  /** Set once the thread has ended: why, if it did not end by having said all it had. */
  ended: ReaderFailure | null | undefined = undefined;
  readonly exited: Promise<void>;

  constructor(worker: Worker) {
    let failure: ReaderFailure | null = null;
    worker.on("message", (message: FromReader) => this.push(message));
    worker.on("error", (error: Error & { code?: string }) => {
      failure = new ReaderFailure(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : "crashed", error.message);
    });
    this.exited = new Promise((resolve) =>
      worker.once("exit", (code) => {
        this.ended = failure ?? (code === 0 ? null : new ReaderFailure("crashed", `the reader thread exited with ${code}`));
        this.wakeUp();
        resolve();
      }),
    );
  }

  private push(message: FromReader): void {
    this.messages.push(message);
    this.wakeUp();
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** The next message; once none is left and the thread has ended, the failure it ended with (or a stop that said nothing). */
  async next(): Promise<FromReader> {
    for (;;) {
      const message = this.messages.shift();
      if (message) return message;
      if (this.ended !== undefined) throw this.ended ?? new ReaderFailure("crashed", "the reader thread stopped without its rows");
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

/**
 * openExport in a thread of its own: the export at `path` opened with the given mapping, its rows
 * read by that thread. Throws UnreadableExport as openExport does (and "tooLarge" when opening ran
 * out of the thread's memory), ReadersBusy when READER_THREADS_MAX threads already run, and
 * ReaderFailure when the thread stopped otherwise. rows() reads once; leaving it early, or
 * close(), ends the thread; the caller closes an export whose rows it will not read.
 */
export async function openExportInWorker(path: string, originalName: string, mapping: ColumnMapping | undefined, options: WorkerOptions): Promise<OpenedExport<ThreadRow>> {
  if (threads >= READER_THREADS_MAX) throw new ReadersBusy();
  threads += 1;
  let dir: string;
  let worker: Worker;
  try {
    await mkdir(options.tempRoot, { recursive: true });
    dir = await mkdtemp(join(options.tempRoot, "read-"));
  } catch (error) {
    threads -= 1;
    throw error;
  }
  try {
    worker = new Worker(options.workerUrl ?? WORKER_URL, {
      workerData: { path, originalName, mapping, batchRows: BATCH_ROWS, dialect: options.dialect },
      // os.tmpdir() in the thread: an .xlsx's shared strings are written there.
      env: { ...process.env, TMPDIR: dir, TMP: dir, TEMP: dir },
      resourceLimits: options.resourceLimits ?? READER_RESOURCE_LIMITS,
    });
  } catch (error) {
    threads -= 1;
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  // The thread never holds the server open: a closing server's import jobs close their exports.
  worker.unref();
  const inbox = new Inbox(worker);
  const removed = inbox.exited.then(async () => {
    threads -= 1;
    await rm(dir, { recursive: true, force: true });
  });
  let closing: Promise<void> | null = null;
  const close = async (): Promise<void> => {
    closing ??= worker.terminate().then(() => removed);
    await closing;
  };

  let described: Omit<OpenedExport, "rows" | "close">;
  try {
    const first = await inbox.next();
    if (first.type === "failed") throw first.reason === null ? new Error(first.message) : new UnreadableExport(first.reason, first.message);
    if (first.type !== "opened") throw new Error(`the reader thread said ${first.type} first`);
    described = first.opened;
  } catch (error) {
    await close();
    // Out of its memory, the file is too large to read; any other stop is the reader's fault, not the file's.
    if (error instanceof ReaderFailure && error.kind === "memory") throw new UnreadableExport("tooLarge", error.message);
    throw error;
  }

  let claimed = false;
  const hold = setTimeout(() => void close(), HOLD_MS);
  hold.unref();

  async function* rows(): AsyncGenerator<ThreadRow> {
    if (claimed) throw new Error("the rows of an export read in a worker are read once");
    claimed = true;
    clearTimeout(hold);
    try {
      for (let asked = 0; asked < AHEAD; asked++) worker.postMessage({ type: "more" } satisfies ToReader);
      for (;;) {
        const message = await inbox.next();
        if (message.type === "end") return;
        if (message.type === "failed") throw new ReaderFailure("unreadable", message.message);
        if (message.type !== "rows") throw new ReaderFailure("crashed", `the reader thread said ${message.type}`);
        worker.postMessage({ type: "more" } satisfies ToReader);
        yield* message.rows;
      }
    } finally {
      await close();
    }
  }

  return {
    ...described,
    rows,
    close: async () => {
      clearTimeout(hold);
      await close();
    },
  };
}
