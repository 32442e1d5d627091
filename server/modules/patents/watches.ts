import { sql, type Generated, type Insertable, type Kysely } from "kysely";
import { ErrorCode } from "../../../contract/envelope";
import { MenuCode } from "../../../contract/menus";
import { companyNameKey } from "../../../contract/patents/normalise";
import type { PatentFilter } from "../../../contract/schemas/patents";
import {
  PATENT_WATCH_IPC_MIN,
  PATENT_WATCH_NOTICES_MAX,
  PATENT_WATCHES_MAX,
  type PatentWatch,
  type PatentWatchBody,
  type PatentWatchKind,
  type PatentWatches as PatentWatchList,
} from "../../../contract/schemas/patentWatches";
import type { Dialect } from "../../db/database";
import type { Database, DbTime, Timestamp } from "../../db/schema";
import { formatDate, formatDateTime, fromDbTime, toDbTime } from "../../db/time";
import { AppError } from "../../errors";
import { text } from "../../i18n";
import type { Logger } from "../../logger";
import { roleCodesOf, usersHolding } from "../auth/permissions";
import { NOTIFICATION_KEY, type NotificationsTable } from "../notifications/service";
import { requireApprovedCertification } from "../patnavi/gate";
import { ipcKey } from "./search/sql";
import type { Patents } from "./service";

declare module "../../db/schema" {
  interface Database {
    patentWatches: PatentWatchesTable;
    patentWatchHits: PatentWatchHitsTable;
  }
}

/** Migration 0018: a user's watch; (userId, kind, model) is unique. */
export interface PatentWatchesTable {
  id: Generated<number>;
  userId: number;
  kind: PatentWatchKind;
  name: string;
  /** The search the watch matches as: canonical JSON of a PatentFilter. */
  model: string;
  createdAt: Timestamp;
}

/** Migration 0018: a patent a watch has matched and announced; (watchId, patentId) is the key. */
export interface PatentWatchHitsTable {
  watchId: number;
  patentId: number;
  createdAt: Timestamp;
}

export const WatchMessages = {
  notFound: text("server.patents.watches.notFound"),
  tooMany: text("server.patents.watches.tooMany", { max: PATENT_WATCHES_MAX }),
  duplicate: text("server.patents.watches.duplicate"),
  emptySearch: text("server.patents.watches.emptySearch"),
  noApplicant: text("server.patents.watches.noApplicant"),
  badIpc: text("server.patents.watches.badIpc", { min: PATENT_WATCH_IPC_MIN }),
} as const;

/** Patent ids a matching statement or a write of hits takes at once. */
const IDS_AT_ONCE = 10_000;
const HITS_AT_ONCE = 500;
/** The notice's text shows at most this much of a title. */
const NOTICE_TITLE_MAX = 80;

/** The model's fields in a fixed order; text trimmed, empty ones left out, so one search has one form. */
const MODEL_FIELDS = [
  "applicant",
  "applyDateBegin",
  "applyDateEnd",
  "compId",
  "district",
  "inventor",
  "ipc",
  "legalStatus",
  "number",
  "patentType",
  "q",
  "segment",
] as const satisfies readonly (keyof PatentFilter)[];

export function canonicalModel(model: PatentFilter): PatentFilter {
  const canonical: Record<string, string | number> = {};
  for (const field of MODEL_FIELDS) {
    const value = model[field];
    if (typeof value === "number") canonical[field] = value;
    else if (typeof value === "string" && value.trim() !== "") canonical[field] = value.trim();
  }
  return canonical as PatentFilter;
}

/** An IPC watch's code: upper case, a subclass at least (H01L), as the search's IPC prefix is matched. */
const IPC_CODE = /^[A-H]\d{2}[A-Z](\d{1,4}(\/\d{0,6})?)?$/u;

export interface WatchDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  timeZone: string;
  patents: Patents;
  log: Logger;
}

interface StoredWatch {
  id: number;
  userId: number;
  kind: PatentWatchKind;
  name: string;
  model: string;
  createdAt: DbTime;
}

const parseModel = (json: string): PatentFilter => {
  try {
    return canonicalModel(JSON.parse(json) as PatentFilter);
  } catch {
    return {};
  }
};

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
};

/**
 * Patent watches (issue 12 item 6): a user's saved searches, applicants and IPC groups, and after
 * each import the notices of their new matches. A watch matches as the search its model is
 * (`{ applicant }` and `{ ipc }` for the two short kinds), through the search engine's interface,
 * so a notice names a patent that search would list.
 *
 * A new match of a watch is a patent the import wrote (new or updated) that the watch's search
 * matches now, that came onto the platform after the watch was saved (the patent's first import;
 * what was there before, its search already showed), and that the watch never matched before: the
 * (watch, patent) rows of patent_watch_hits, written with INSERT … ON CONFLICT DO NOTHING in the
 * same transaction as the notices, decide it once, whichever process and however often the same
 * file is imported.
 */
export class PatentWatches {
  constructor(private readonly deps: WatchDeps) {}

  private present(row: StoredWatch): PatentWatch {
    return { id: row.id, kind: row.kind, name: row.name, model: parseModel(row.model), createdAt: formatDateTime(fromDbTime(row.createdAt), this.deps.timeZone) };
  }

  /** GET /api/patents/watches: the user's own, newest first. */
  async list(userId: number): Promise<PatentWatchList> {
    const rows = await this.deps.db
      .selectFrom("patentWatches")
      .select(["id", "userId", "kind", "name", "model", "createdAt"])
      .where("userId", "=", userId)
      .orderBy("id", "desc")
      .limit(PATENT_WATCHES_MAX)
      .execute();
    return { records: rows.map((row) => this.present(row)), max: PATENT_WATCHES_MAX };
  }

  /** The search a watch of the body matches as; 400 when it names nothing to match, or a search that cannot run. */
  private async modelOf(body: PatentWatchBody): Promise<PatentFilter> {
    switch (body.kind) {
      case "applicant": {
        const applicant = body.applicant?.trim() ?? "";
        if (companyNameKey(applicant) === "") throw AppError.badRequest(WatchMessages.noApplicant);
        return { applicant };
      }
      case "ipc": {
        const ipc = ipcKey(body.ipc ?? "");
        if (ipc.length < PATENT_WATCH_IPC_MIN || !IPC_CODE.test(ipc)) throw AppError.badRequest(WatchMessages.badIpc);
        return { ipc };
      }
      case "search": {
        const model = canonicalModel(body.model ?? {});
        if (Object.keys(model).length === 0) throw AppError.badRequest(WatchMessages.emptySearch);
        // The search must run as the list runs it: a lone character within too broad a filter is
        // refused with the search's own hint, a company that does not exist with 404.
        const { patents } = this.deps;
        await patents.engine.count(await patents.query(model), 1);
        return model;
      }
    }
  }

  /** POST /api/patents/watches: at most PATENT_WATCHES_MAX a user; the same watch twice is 409. */
  async create(userId: number, body: PatentWatchBody): Promise<PatentWatch> {
    const { db, dialect } = this.deps;
    const model = await this.modelOf(body);
    const { count } = await db.selectFrom("patentWatches").select((eb) => eb.fn.countAll().as("count")).where("userId", "=", userId).executeTakeFirstOrThrow();
    if (Number(count) >= PATENT_WATCHES_MAX) throw AppError.badRequest(WatchMessages.tooMany);
    const row = await db
      .insertInto("patentWatches")
      .values({ userId, kind: body.kind, name: body.name.trim() || body.name, model: JSON.stringify(model), createdAt: toDbTime(dialect, new Date()) })
      .onConflict((oc) => oc.columns(["userId", "kind", "model"]).doNothing())
      .returning(["id", "userId", "kind", "name", "model", "createdAt"])
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.CONFLICT, WatchMessages.duplicate, 409);
    return this.present(row);
  }

  /** DELETE /api/patents/watches/{id}: only the user's own (another's is 404, as one that does not exist). */
  async remove(userId: number, id: number): Promise<void> {
    const result = await this.deps.db.deleteFrom("patentWatches").where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw AppError.notFound(WatchMessages.notFound);
  }

  /**
   * After an import job's patents are committed, while its rows in patent_import_rows still name them: each
   * watch's new matches become notices. Never throws (the import is done whatever happens here);
   * a failure is logged and its watch's matches are left for the next import that writes them.
   * Answers the notices written.
   */
  async afterImport(jobId: number): Promise<number> {
    try {
      return await this.notify(jobId);
    } catch (error) {
      this.deps.log.error({ err: error, jobId }, "patent watches: the import's matches could not be notified");
      return 0;
    }
  }

  /** The patents the job wrote, with when each first came onto the platform. */
  private async written(jobId: number): Promise<Map<number, number>> {
    const number = this.deps.dialect === "postgres" ? sql`(r.record::json ->> 'publicationNumber')` : sql`json_extract(r.record, '$.publicationNumber')`;
    const { rows } = await sql<{ id: number; firstAt: DbTime }>`select distinct p.id as id, p.imported_at as first_at
      from patent_import_rows r join patents p on p.publication_number = ${number} where r.job_id = ${jobId}`.execute(this.deps.db);
    return new Map(rows.map((row) => [Number(row.id), fromDbTime(row.firstAt).getTime()]));
  }

  /** The users among `userIds` who may still search patents: active, holding the menu, a member certified. */
  private async searchers(userIds: readonly number[]): Promise<Set<number>> {
    const { db } = this.deps;
    const allowed = new Set<number>();
    for (const chunk of chunks(userIds, HITS_AT_ONCE)) {
      const holders = await usersHolding(db, MenuCode.PATENT_SEARCH).select("users.id").where("users.id", "in", chunk).execute();
      for (const { id } of holders) {
        // Every role of the user, as the session carries them: an association role passes the gate.
        try {
          await requireApprovedCertification(db, { id, roles: await roleCodesOf(db, id) });
          allowed.add(id);
        } catch {
          // A member whose certification is no longer approved is told nothing about patents.
        }
      }
    }
    return allowed;
  }

  private async notify(jobId: number): Promise<number> {
    const { db, patents, log } = this.deps;
    const any = await db.selectFrom("patentWatches").select("id").limit(1).executeTakeFirst();
    if (!any) return 0;
    const written = await this.written(jobId);
    if (written.size === 0) return 0;
    const ids = [...written.keys()].sort((a, b) => a - b);
    let latest = 0;
    for (const firstAt of written.values()) latest = Math.max(latest, firstAt);
    // A watch saved after every patent of the import came can have no new match among them.
    const watches = (await db
      .selectFrom("patentWatches")
      .select(["id", "userId", "kind", "name", "model", "createdAt"])
      .where("createdAt", "<=", toDbTime(this.deps.dialect, new Date(latest)))
      .orderBy("id")
      .execute()) as StoredWatch[];
    if (watches.length === 0) return 0;
    const allowed = await this.searchers([...new Set(watches.map((watch) => watch.userId))]);

    // One search per distinct model, however many users watch it.
    const matchesOf = new Map<string, Promise<number[] | null>>();
    const matching = (model: string): Promise<number[] | null> => {
      let found = matchesOf.get(model);
      if (!found) {
        found = (async () => {
          try {
            const query = await patents.query(parseModel(model));
            const matched: number[] = [];
            for (const chunk of chunks(ids, IDS_AT_ONCE)) matched.push(...(await patents.engine.matching(query, chunk)));
            return matched;
          } catch (error) {
            // A watched company removed since, say: that watch matches nothing until it is fixed.
            log.warn({ err: error, jobId, model }, "patent watches: a watch's search could not run");
            return null;
          }
        })();
        matchesOf.set(model, found);
      }
      return found;
    };

    let notices = 0;
    for (const watch of watches) {
      if (!allowed.has(watch.userId)) continue;
      const since = fromDbTime(watch.createdAt).getTime();
      const matched = await matching(watch.model);
      if (!matched) continue;
      const candidates = matched.filter((id) => (written.get(id) ?? 0) >= since);
      if (candidates.length === 0) continue;
      try {
        notices += await this.announce(jobId, watch, candidates);
      } catch (error) {
        log.error({ err: error, jobId, watchId: watch.id }, "patent watches: a watch's matches could not be notified");
      }
    }
    return notices;
  }

  /**
   * Records the watch's matches and notifies the new ones, in one transaction: the hits' key
   * decides which are new, so two processes announcing the same match leave one notice. The
   * latest PATENT_WATCH_NOTICES_MAX new ones are a notice each, the rest one summary.
   */
  private async announce(jobId: number, watch: StoredWatch, candidates: readonly number[]): Promise<number> {
    const { db, dialect, timeZone } = this.deps;
    const now = new Date();
    const at = toDbTime(dialect, now);
    const day = formatDate(now, timeZone);
    return db.transaction().execute(async (trx) => {
      const fresh: number[] = [];
      for (const chunk of chunks(candidates, HITS_AT_ONCE)) {
        const inserted = await trx
          .insertInto("patentWatchHits")
          .values(chunk.map((patentId) => ({ watchId: watch.id, patentId, createdAt: at })))
          .onConflict((oc) => oc.columns(["watchId", "patentId"]).doNothing())
          .returning("patentId")
          .execute();
        for (const row of inserted) fresh.push(Number(row.patentId));
      }
      if (fresh.length === 0) return 0;
      fresh.sort((a, b) => b - a);
      const shown = fresh.slice(0, PATENT_WATCH_NOTICES_MAX);
      const rest = fresh.length - shown.length;
      const patents = await trx.selectFrom("patents").select(["id", "publicationNumber", "title"]).where("id", "in", shown).execute();
      const byId = new Map(patents.map((patent) => [patent.id, patent]));
      const rows = shown.flatMap((patentId): Insertable<NotificationsTable>[] => {
        const patent = byId.get(patentId);
        if (!patent) return [];
        const title = patent.title.length > NOTICE_TITLE_MAX ? `${patent.title.slice(0, NOTICE_TITLE_MAX - 1)}…` : patent.title;
        const params = { watchId: watch.id, watch: watch.name, patentId, number: patent.publicationNumber, title };
        return [{ userId: watch.userId, kind: "patentWatchMatch", day, ref: `${watch.id}:${patentId}`, params: JSON.stringify(params), createdAt: at }];
      });
      if (rest > 0) {
        const params = { watchId: watch.id, watch: watch.name, count: rest, model: watch.model };
        rows.push({ userId: watch.userId, kind: "patentWatchSummary", day, ref: `${watch.id}:job${jobId}`, params: JSON.stringify(params), createdAt: at });
      }
      // Written oldest first, so the centre (newest id first) lists the latest patent first and the summary after.
      rows.reverse();
      if (rows.length > 0) await trx.insertInto("notifications").values(rows).onConflict((oc) => oc.columns(NOTIFICATION_KEY).doNothing()).execute();
      return rows.length;
    });
  }
}
