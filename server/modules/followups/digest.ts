import type { FastifyInstance } from "fastify";
import { FOLLOWUP_DIGEST_TIME } from "../../../contract/followups";
import { MenuCode } from "../../../contract/menus";
import { formatDate, parseDateTime } from "../../db/time";
import { usersHolding } from "../auth/permissions";
import { Notifications } from "../notifications/service";
import { addDays, Followups } from "./service";

type DigestDeps = Pick<FastifyInstance, "db" | "dialect"> & { config: { timeZone: string } };

/** When today's digest is due: FOLLOWUP_DIGEST_TIME on the zone's clock, the day of `now`. */
export function digestTimeOf(day: string, timeZone: string): Date {
  const at = parseDateTime(`${day} ${FOLLOWUP_DIGEST_TIME}:00`, timeZone);
  if (!at) throw new Error(`not a day: ${day}`);
  return at;
}

/** The next digest time strictly after `now`. */
export function nextDigestAt(now: Date, timeZone: string): Date {
  const today = formatDate(now, timeZone);
  const at = digestTimeOf(today, timeZone);
  return at > now ? at : digestTimeOf(addDays(today, 1), timeZone);
}

/**
 * The daily digest of `now`'s day: one notification per active user holding the follow-up menu
 * whose list has follow-ups overdue or due today, with those counts. Users who already have the
 * day's digest are skipped, and the unique key (user, kind, day) keeps a second writer — another
 * server process running it at the same moment — from adding one. Returns how many it wrote.
 */
export async function writeDigest(app: DigestDeps, now: Date): Promise<number> {
  const { db, dialect } = app;
  const timeZone = app.config.timeZone;
  const day = formatDate(now, timeZone);
  const followups = new Followups({ db, dialect, timeZone });
  const notifications = new Notifications({ db, dialect, timeZone });
  const users = await usersHolding(db, MenuCode.FOLLOWUPS)
    .select("users.id")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("notifications").select("notifications.id").whereRef("notifications.userId", "=", "users.id").where("notifications.kind", "=", "followupDigest").where("notifications.day", "=", day),
        ),
      ),
    )
    .execute();
  let written = 0;
  for (const { id } of users) {
    const allScope = await db
      .selectFrom("userRoles")
      .innerJoin("roles", "roles.id", "userRoles.roleId")
      .select("roles.id")
      .where("userRoles.userId", "=", id)
      .where("roles.dataScope", "=", "all")
      .executeTakeFirst();
    const { overdue, today } = await followups.summary({ id, seesAllCompanies: allScope !== undefined }, now);
    if (overdue + today === 0) continue;
    if (await notifications.addOnce(id, "followupDigest", day, { overdue, today }, now)) written++;
  }
  return written;
}

/**
 * The digest every day at FOLLOWUP_DIGEST_TIME in TZ, in every server process (the unique key makes
 * that safe), and at start when today's time has passed (users who have today's already are
 * skipped). A failure is logged and the next day tries again; the timer never keeps the process
 * alive, and a run under way finishes before the database closes (as the log retention does).
 */
export function registerFollowupDigest(app: FastifyInstance): void {
  const timeZone = app.config.timeZone;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const run = (now: Date) => {
    running = writeDigest(app, now).then(
      (written) => {
        if (written > 0) app.log.info({ written }, "follow-up digests written");
      },
      (error: unknown) => app.log.error({ err: error }, "follow-up digests not written"),
    );
  };
  const schedule = () => {
    if (closed) return;
    const at = nextDigestAt(new Date(), timeZone);
    timer = setTimeout(() => {
      run(new Date());
      schedule();
    }, Math.max(1000, at.getTime() - Date.now())).unref();
  };

  app.addHook("onReady", async () => {
    const now = new Date();
    if (now >= digestTimeOf(formatDate(now, timeZone), timeZone)) run(now);
    schedule();
  });
  app.addHook("onClose", async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
