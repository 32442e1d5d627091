import { randomInt } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../contract/envelope";
import { toDbTime } from "../db/time";
import { AppError, SERVICE_UNAVAILABLE } from "../errors";
import { text } from "../i18n";
import { signedInUser } from "./auth";
import type { App } from "../types";

/**
 * The bounds of the exports: the files built while they download (patents, visits, logs, an
 * archive, the statistics report). Each costs its process seconds of CPU and tens of MB for as
 * long as its client reads, so they are counted across every server process. Tests shorten the
 * times.
 */
export const EXPORT_LIMITS = {
  /** Exports one user runs at once: two tabs, not a script's dozens. */
  perUser: 2,
  /** A slot its process has not renewed for this long is free again (the process died). */
  leaseMs: 60_000,
  /** A download whose client has taken nothing for this long is ended and its slot freed. */
  stallMs: 60_000,
};

/** How soon a refused caller may try again, in seconds (Retry-After). */
const RETRY_AFTER_S = 10;
/** How often a process deletes the slots whose lease ran out without a release (a process that died). */
const SWEEP_INTERVAL_MS = 60_000;

export const ExportMessages = {
  yoursRunning: (max: number) => text("server.exports.yoursRunning", { max }),
  allBusy: text("server.exports.allBusy"),
} as const;

type SlotDeps = Pick<App, "db" | "dialect" | "log">;

/**
 * The slots, rows of export_slots that every process shares: "all:1" to "all:N" (EXPORTS_AT_ONCE)
 * and "user:<id>:1" to "user:<id>:<perUser>". A slot is taken by one statement that inserts its
 * row or takes it over once its lease has run out, atomic on SQLite and PostgreSQL alike; the
 * process renews the leases of the slots it holds while their exports run, and a request frees
 * its slots when its answer ends, however it ends.
 */
class ExportSlots {
  /** The requests of this process holding slots. */
  private readonly held = new Set<string>();
  private renewal: NodeJS.Timeout | null = null;
  private lastSweep = 0;

  constructor(
    private readonly deps: SlotDeps,
    private readonly atOnce: number,
  ) {}

  /** Takes a slot of the user's and one of all for `holder`; otherwise the refusal, nothing taken. */
  async take(holder: string, userId: number): Promise<AppError | null> {
    await this.sweep();
    if (!(await this.takeOne(`user:${userId}:`, EXPORT_LIMITS.perUser, holder))) {
      return new AppError(ErrorCode.TOO_MANY_REQUESTS, ExportMessages.yoursRunning(EXPORT_LIMITS.perUser));
    }
    let taken = false;
    try {
      taken = await this.takeOne("all:", this.atOnce, holder);
    } finally {
      if (!taken) await this.release(holder);
    }
    if (!taken) return new AppError(SERVICE_UNAVAILABLE, ExportMessages.allBusy);
    this.held.add(holder);
    this.renewal ??= setInterval(() => void this.renew(), EXPORT_LIMITS.leaseMs / 3).unref();
    return null;
  }

  /** Frees the slots of `holder`; one not freed (the database away) is free once its lease runs out. */
  async release(holder: string): Promise<void> {
    this.held.delete(holder);
    if (this.held.size === 0) this.stop();
    try {
      await this.deps.db.deleteFrom("exportSlots").where("holder", "=", holder).execute();
    } catch (error) {
      this.deps.log.warn({ err: error }, "export slots not freed; they are once their lease runs out");
    }
  }

  /** Stops renewing: nothing is held, or the server closes. */
  stop(): void {
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
  }

  /** One of the slots `prefix`1 to `prefix`count, tried from a random one so that concurrent takers rarely meet. */
  private async takeOne(prefix: string, count: number, holder: string): Promise<boolean> {
    const { db, dialect } = this.deps;
    const now = Date.now();
    const nowDb = toDbTime(dialect, new Date(now));
    const expiresAt = toDbTime(dialect, new Date(now + EXPORT_LIMITS.leaseMs));
    const first = randomInt(count);
    for (let i = 0; i < count; i++) {
      const taken = await db
        .insertInto("exportSlots")
        .values({ key: `${prefix}${((first + i) % count) + 1}`, holder, expiresAt })
        .onConflict((oc) =>
          oc
            .column("key")
            .doUpdateSet((eb) => ({ holder: eb.ref("excluded.holder"), expiresAt: eb.ref("excluded.expiresAt") }))
            .where("exportSlots.expiresAt", "<=", nowDb),
        )
        .returning("key")
        .executeTakeFirst();
      if (taken) return true;
    }
    return false;
  }

  private async renew(): Promise<void> {
    if (this.held.size === 0) return;
    const { db, dialect } = this.deps;
    try {
      await db
        .updateTable("exportSlots")
        .set({ expiresAt: toDbTime(dialect, new Date(Date.now() + EXPORT_LIMITS.leaseMs)) })
        .where("holder", "in", [...this.held])
        .execute();
    } catch (error) {
      this.deps.log.warn({ err: error }, "export slots not renewed");
    }
  }

  /** Deletes the slots whose lease has run out, once a minute a process: what dead processes held. */
  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    await this.deps.db.deleteFrom("exportSlots").where("expiresAt", "<=", toDbTime(this.deps.dialect, new Date(now))).execute();
  }
}

/**
 * A route that states `config: { exportSlot: true }` runs only in a slot: at most EXPORTS_AT_ONCE
 * exports at once on the platform, EXPORT_LIMITS.perUser of them a user. Others are refused at
 * once with Retry-After (429 for the user's own, 503 when all are taken) rather than queued: a
 * download that waited would hold its connection and the user's button without a word. The slot
 * is freed when the answer ends, sent or cut off; a client that stops reading for
 * EXPORT_LIMITS.stallMs is cut off. Register before the routes, after the sign-in check.
 */
export function registerExportSlots(app: App): void {
  const slots = new ExportSlots(app, app.config.exportsAtOnce);
  app.addHook("onClose", async () => slots.stop());

  const takeSlot = async (request: FastifyRequest, reply: FastifyReply) => {
    const refusal = await slots.take(request.id, signedInUser(request).id);
    if (refusal) {
      reply.header("retry-after", String(RETRY_AFTER_S));
      throw refusal;
    }
    // A client gone while the slot was taken has closed the answer already: nothing will free it.
    if (reply.raw.destroyed) {
      await slots.release(request.id);
      return;
    }
    reply.raw.once("close", () => void slots.release(request.id));
    reply.raw.setTimeout(EXPORT_LIMITS.stallMs, () => {
      request.log.warn({ stallMs: EXPORT_LIMITS.stallMs }, "export ended: its client took nothing for too long");
      reply.raw.destroy();
    });
  };

  app.addHook("onRoute", (route) => {
    if (!route.config?.exportSlot) return;
    route.preHandler = [takeSlot, ...[route.preHandler ?? []].flat()];
  });
}
