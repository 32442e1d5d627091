import { setImmediate as turn } from "node:timers/promises";
import type { Kysely } from "kysely";
import type { PatentRecord, PatentRowProblem } from "../../../../contract/patents/record";
import { PATENT_IMPORT_ERRORS_KEPT, type PatentImportJob } from "../../../../contract/schemas/patents";
import type { Dialect } from "../../../db/database";
import type { Database, PatentImportState } from "../../../db/schema";
import { fromDbTime, toDbTime } from "../../../db/time";
import { AppError } from "../../../errors";
import { text, type CatalogKey } from "../../../i18n";
import type { Locale } from "../../../../i18n/types";
import type { Logger } from "../../../logger";
import { ReaderFailure, type ColumnMapping, type OpenedExport, type ThreadRow } from "../read";
import { compactFullText, writePatents, type PatentToWrite } from "../store";

export const ImportMessages = {
  jobNotFound: text("server.patents.import.jobNotFound"),
  incomplete: text("server.patents.import.incomplete"),
} as const;

/** How often the running process says it is alive, and how long a silence means it died. */
export const HEARTBEAT_MS = 5_000;
/**
 * Generous: on SQLite no heartbeat can be written while the job's own write transaction holds the
 * lock, and a 100,000-row file is read and written in well under this. The process running the job
 * knows it alive however long it writes.
 */
export const STALE_AFTER_MS = 180_000;
/**
 * Patents written a call at a time, so memory holds one batch whatever the file's size. Small
 * enough that what a write holds between its statements mostly dies in V8's young generation: at
 * 500 a 100,000-row import promoted some 150 MB of it to the old one, which a server on V8's
 * default heap sizing then kept until a full collection.
 */
const WRITE_ROWS = 100;

const FAILURES = {
  /** The process running the job died, or stopped (its closing ends the jobs it runs). */
  stale: "server.patents.import.stale",
  read: "server.patents.import.failedRead",
  memory: "server.patents.import.failedMemory",
  write: "server.patents.import.failedWrite",
} as const satisfies Record<string, CatalogKey>;

interface RowError {
  line: number;
  problem: PatentRowProblem;
  field?: string;
}

interface Progress {
  processed: number;
  total: number;
  /** Patents written so far (in the job's transaction: none take effect before all are written). */
  written: number;
  imported: number;
  updated: number;
  skipped: number;
  errors: RowError[];
  errorCount: number;
}

/** The counts of a job's progress, as its row and its answer both carry them. */
const countsOf = ({ processed, total, written, imported, updated, skipped, errorCount }: Progress) => ({ processed, total, written, imported, updated, skipped, errorCount });

export interface ImportDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the patents are written, in one transaction out of the requests' way (DatabaseHandle.longWrites). */
  longWrites: () => Kysely<Database>;
  log: Logger;
  /**
   * Run once the job's patents are committed, while its rows in patent_import_rows still name
   * them and before the job reads done: the patent watches' notices (patents/watches.ts).
   * It must not throw; it is awaited under the heartbeat.
   */
  afterImport?: (jobId: number) => Promise<unknown>;
  /** Awaited inside the write transaction once its first batch is written (the tests' hold on it). */
  whileWriting?: (jobId: number) => Promise<unknown>;
}

/**
 * Patent import jobs (issue 12 item 1). A job is a row, so any server process answers its poll;
 * the process that took the upload runs it in its background: the file's rows are read (in a
 * thread of their own, a few batches ahead) and written to the patents as they come, all in one
 * transaction, so a file that fails to read or write leaves the patents as they were. Reading and
 * writing go on at once, the reader's thread (which also tokenizes each patent's text) on a core
 * of its own while this thread and the database write: one after the other, 100,000 rows took some
 * 11 s to read, then 54 s to write.
 * Each patent read is also named in patent_import_rows (its publication number as the record's
 * JSON) in the same transaction, which the watches read once the patents are committed. The
 * running process beats the job's heartbeat; a running job whose heartbeat stopped is reported
 * failed.
 */
export class PatentImports {
  /**
   * The jobs this process runs, by id: alive whatever their heartbeat says, and their progress as
   * it is, fresher than the row's last beat (on SQLite, while the job writes, the only one).
   */
  private readonly running = new Map<number, { run: Promise<void>; progress: Progress }>();
  /** Aborted when the server closes: the jobs still reading or writing stop, their data as it was. */
  private readonly stopping = new AbortController();

  constructor(private readonly deps: ImportDeps) {}

  /**
   * Starts a job on an opened export; answers its id at once. The export is the job's from here:
   * closed when the job ends, or now when it is refused (no publication number or title mapped).
   */
  async start(opened: OpenedExport<ThreadRow>, fileId: string, mapping: ColumnMapping | undefined, userId: number): Promise<number> {
    let id: number;
    try {
      if (!opened.complete) throw AppError.badRequest(ImportMessages.incomplete);
      const { db, dialect } = this.deps;
      const now = toDbTime(dialect, new Date());
      ({ id } = await db
        .insertInto("patentImportJobs")
        .values({
          state: "running",
          fileId,
          mapping: mapping === undefined ? null : JSON.stringify(mapping),
          createdBy: userId,
          createdAt: now,
          heartbeatAt: now,
          total: opened.total ?? 0,
        })
        .returning("id")
        .executeTakeFirstOrThrow());
    } catch (error) {
      await opened.close();
      throw error;
    }
    const progress: Progress = { processed: 0, total: opened.total ?? 0, written: 0, imported: 0, updated: 0, skipped: 0, errors: [], errorCount: 0 };
    const run = this.run(id, opened, progress)
      .catch((error: unknown) => this.deps.log.error({ err: error, jobId: id }, "patent import job failed unexpectedly"))
      .finally(() => opened.close());
    this.running.set(id, { run, progress });
    void run.finally(() => this.running.delete(id));
    return id;
  }

  /**
   * Ends the jobs this process runs (before the database closes): their reader threads are ended,
   * a write in progress is rolled back, and each job reads failed (the data as it was), to be
   * imported again; a job already committed still reads done.
   */
  async settle(): Promise<void> {
    this.stopping.abort();
    await Promise.all([...this.running.values()].map(({ run }) => run));
  }

  private async run(jobId: number, opened: OpenedExport<ThreadRow>, progress: Progress): Promise<void> {
    const { db } = this.deps;
    let beating: Promise<unknown> | null = null;
    // On SQLite the job's own write transaction holds the lock a beat would wait for, in vain.
    let writing = true;
    const beat = () => {
      if (writing && this.deps.dialect === "sqlite") return;
      beating ??= this.save(jobId, progress, "running")
        .catch((error: unknown) => this.deps.log.warn({ err: error, jobId }, "patent import heartbeat failed"))
        .finally(() => {
          beating = null;
        });
    };
    const timer = setInterval(beat, HEARTBEAT_MS);
    timer.unref();
    try {
      const failure = await this.write(jobId, opened, progress);
      writing = false;
      if (failure === null) {
        // At once: the write may have outlasted the heartbeats other processes judge the job by.
        beat();
        await this.deps.afterImport?.(jobId);
        await this.compact(jobId);
      }
      clearInterval(timer);
      await beating;
      await this.save(jobId, progress, failure === null ? "done" : "failed", failure);
    } finally {
      clearInterval(timer);
      await db.deleteFrom("patentImportRows").where("jobId", "=", jobId).execute();
    }
  }

  /**
   * Reads every row and writes its patent, WRITE_ROWS a call, in one transaction; answers the
   * failure, if reading or writing failed (rolled back, none of the patents stayed). The
   * transaction begins once the first batch is read: on SQLite it holds the database's write lock,
   * which a reader still opening its file (or one that never gives a row) must not hold for nothing.
   */
  private async write(jobId: number, opened: OpenedExport<ThreadRow>, progress: Progress): Promise<CatalogKey | null> {
    const { longWrites, dialect, log } = this.deps;
    const { signal } = this.stopping;
    // Closing the export ends its thread, and with it the reading below.
    const stop = () => void opened.close();
    signal.addEventListener("abort", stop, { once: true });
    const rows = readRows(opened);
    /** The next WRITE_ROWS patents read (fewer at the end: `last`), each named for the watches; the rows that cannot be read counted. */
    const readBatch = async () => {
      const batch: PatentToWrite[] = [];
      const named: { jobId: number; seq: number; record: string }[] = [];
      while (batch.length < WRITE_ROWS) {
        const next = await rows.next();
        if (next.done) return { batch, named, last: true };
        const row = next.value;
        progress.processed += 1;
        if (progress.total < progress.processed) progress.total = progress.processed;
        if ("problem" in row) {
          progress.skipped += 1;
          progress.errorCount += 1;
          if (progress.errors.length < PATENT_IMPORT_ERRORS_KEPT) progress.errors.push({ line: row.line, problem: row.problem, ...(row.field ? { field: row.field } : {}) });
          continue;
        }
        named.push({ jobId, seq: progress.processed - progress.skipped, record: JSON.stringify({ publicationNumber: row.publicationNumber }) });
        batch.push({ ...(JSON.parse(row.json) as PatentRecord), text: row.text });
      }
      return { batch, named, last: false };
    };
    try {
      let read = await readBatch();
      signal.throwIfAborted();
      const counts = await longWrites().transaction().execute(async (trx) => {
        const totals = { imported: 0, updated: 0 };
        for (;;) {
          if (read.named.length > 0) await trx.insertInto("patentImportRows").values(read.named).execute();
          if (read.batch.length > 0) {
            const written = await writePatents(trx, dialect, read.batch);
            totals.imported += written.imported;
            totals.updated += written.updated;
            progress.written += read.batch.length;
            if (progress.written === read.batch.length) await this.deps.whileWriting?.(jobId);
          }
          if (read.last) break;
          // The statements ran synchronously (better-sqlite3): the requests waiting meanwhile are
          // answered before the next batch.
          await turn();
          read = await readBatch();
        }
        progress.total = progress.processed;
        // Thrown, so that the transaction rolls back.
        signal.throwIfAborted();
        return totals;
      });
      progress.imported = counts.imported;
      progress.updated = counts.updated;
      return null;
    } catch (error) {
      progress.written = 0;
      if (signal.aborted) return FAILURES.stale;
      if (error instanceof ReadingStopped) {
        log.warn({ err: error.cause, jobId }, "patent import: the file could not be read");
        return error.cause instanceof ReaderFailure && error.cause.kind === "memory" ? FAILURES.memory : FAILURES.read;
      }
      log.error({ err: error, jobId }, "patent import: the patents could not be written");
      return FAILURES.write;
    } finally {
      signal.removeEventListener("abort", stop);
    }
  }

  /**
   * The full-text index the job wrote to, merged (store.ts compactFullText) before the job reads
   * done, so that the searches after an import read it whole. The patents are committed already:
   * a compaction cut short (the server closing) or failed leaves them as imported, only slower to search.
   */
  private async compact(jobId: number): Promise<void> {
    const { db, dialect, log } = this.deps;
    try {
      await compactFullText(db, dialect, this.stopping.signal);
    } catch (error) {
      if (!this.stopping.signal.aborted) log.warn({ err: error, jobId }, "patent import: the full-text index could not be merged");
    }
  }

  private async save(jobId: number, progress: Progress, state: PatentImportState, failure: CatalogKey | null = null): Promise<void> {
    const { db, dialect } = this.deps;
    const now = toDbTime(dialect, new Date());
    await db
      .updateTable("patentImportJobs")
      .set({
        state,
        heartbeatAt: now,
        ...countsOf(progress),
        errors: JSON.stringify(progress.errors),
        failure,
        ...(state === "running" ? {} : { finishedAt: now }),
      })
      .where("id", "=", jobId)
      .execute();
  }

  /** GET /api/patents/import/{jobId}: the job as stored, a dead process's job failed, messages in `locale`. */
  async status(jobId: number, locale: Locale): Promise<PatentImportJob> {
    const { db, dialect } = this.deps;
    let job = await db.selectFrom("patentImportJobs").selectAll().where("id", "=", jobId).executeTakeFirst();
    if (!job) throw AppError.notFound(ImportMessages.jobNotFound);
    if (job.state === "running" && !this.running.has(jobId) && Date.now() - fromDbTime(job.heartbeatAt).getTime() > STALE_AFTER_MS) {
      const now = toDbTime(dialect, new Date());
      // Conditional on the heartbeat read, so a job that beat meanwhile stays running.
      await db
        .updateTable("patentImportJobs")
        .set({ state: "failed", failure: FAILURES.stale, finishedAt: now })
        .where("id", "=", jobId)
        .where("state", "=", "running")
        .where("heartbeatAt", "=", job.heartbeatAt)
        .execute();
      // Named by a transaction that committed just before its process died (it would have removed them).
      await db.deleteFrom("patentImportRows").where("jobId", "=", jobId).execute();
      job = await db.selectFrom("patentImportJobs").selectAll().where("id", "=", jobId).executeTakeFirstOrThrow();
    }
    const here = job.state === "running" ? this.running.get(jobId)?.progress : undefined;
    const progress: Progress = here ?? { ...job, written: job.written ?? 0, errors: JSON.parse(job.errors) as RowError[] };
    return {
      state: job.state,
      ...countsOf(progress),
      errors: progress.errors.map((error) => ({ line: error.line, message: rowMessage(error, locale) })),
      failure: job.failure === null ? null : text(job.failure as CatalogKey).in(locale),
    };
  }
}

/** Why the rows stopped coming: the export could not be read to its end (its cause), not a write that failed. */
class ReadingStopped extends Error {
  constructor(cause: unknown) {
    super("the export could not be read to its end", { cause });
    this.name = "ReadingStopped";
  }
}

/** The export's rows, a failure to read them thrown as ReadingStopped. */
async function* readRows(opened: OpenedExport<ThreadRow>): AsyncGenerator<ThreadRow> {
  try {
    yield* opened.rows();
  } catch (error) {
    throw new ReadingStopped(error);
  }
}

function rowMessage(error: RowError, locale: Locale): string {
  const problem = text(`patents.rowProblems.${error.problem}`);
  return (error.field ? text("server.patents.import.rowProblemField", { field: error.field, problem }) : text("server.patents.import.rowProblem", { problem })).in(locale);
}
