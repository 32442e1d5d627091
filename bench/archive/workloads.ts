import { ARCHIVE_PAGE_SIZE } from "../../contract/limits";
import { EVALUATIONS } from "../../contract/valueSets";
import { random, SEARCH_GIVEN, SEARCH_SURNAMES } from "./dataset";
import type { Workload } from "./load";

/** The companies a workload picks from, with their record counts. */
export type Companies = readonly { id: number; records: number }[];

const PAGE_PATH = "/api/archives/queryArchivesPage";

type Filter = Record<string, string>;

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A part of a name: a surname alone finds many, surname and given name few. */
function namePart(rnd: () => number): string {
  return rnd() < 0.5 ? pick(rnd, SEARCH_SURNAMES) : pick(rnd, SEARCH_SURNAMES) + pick(rnd, SEARCH_GIVEN);
}

/** What staff filter by on the archive page: often nothing, sometimes one field or two. */
function randomFilter(rnd: () => number): Filter {
  const one = (): Filter => {
    const kind = rnd();
    if (kind < 0.3) return { researchers: namePart(rnd) };
    if (kind < 0.55) return { contactPerson: namePart(rnd) };
    if (kind < 0.8) {
      const begin = Date.UTC(2022, 0, 1) + Math.floor(rnd() * 1700) * 86_400_000;
      return { serviceTimeBegin: `${day(begin)} 00:00:00`, serviceTimeEnd: day(begin + (30 + Math.floor(rnd() * 335)) * 86_400_000) };
    }
    return { comprehensiveEvaluation: pick(rnd, EVALUATIONS) };
  };
  const roll = rnd();
  if (roll < 0.4) return {};
  if (roll < 0.85) return one();
  return { ...one(), ...one() };
}

/**
 * Staff browsing the archive: a random company and filter (none, researchers or contact person
 * contains, a date range, an evaluation, or two of them), page 1, then up to three random pages
 * among those the total allows.
 */
export function archiveBrowsing(companies: Companies): Workload {
  return {
    name: "queryArchivesPage, browsing",
    signedIn: true,
    async step(call, rnd) {
      const company = pick(rnd, companies);
      const filter = randomFilter(rnd);
      const page = async (current: number) =>
        (await call<{ total: number }>(PAGE_PATH, { current, size: ARCHIVE_PAGE_SIZE, model: { compId: company.id, ...filter } }))?.total ?? null;
      const total = await page(1);
      if (total === null) return;
      const pages = Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE));
      const more = Math.floor(rnd() * 4);
      for (let i = 0; i < more; i++) await page(1 + Math.floor(rnd() * pages));
    },
  };
}

const FILTERED_REQUESTS = 1000;
const EIGHTEEN_MONTHS_DAYS = 548;

/**
 * Issue 13's comparison: the same 1,000 filtered page requests, each one company, researchers
 * contains a surname, an 18-month service-time range, newest first, page 1 of 10 with the total.
 * Every client goes through the list in order from its own starting point.
 */
export function archiveFiltered(companies: Companies): Workload {
  const rnd = random(13);
  const bodies = Array.from({ length: FILTERED_REQUESTS }, () => {
    const begin = Date.UTC(2022, 0, 1) + Math.floor(rnd() * (1764 - EIGHTEEN_MONTHS_DAYS)) * 86_400_000;
    return {
      current: 1,
      size: ARCHIVE_PAGE_SIZE,
      model: {
        compId: pick(rnd, companies).id,
        researchers: pick(rnd, SEARCH_SURNAMES),
        serviceTimeBegin: `${day(begin)} 00:00:00`,
        serviceTimeEnd: day(begin + EIGHTEEN_MONTHS_DAYS * 86_400_000),
      },
    };
  });
  const next = new Map<number, number>();
  return {
    name: "queryArchivesPage, 1,000 filtered",
    signedIn: true,
    async step(call, _rnd, client) {
      const at = next.get(client) ?? (client * 37) % FILTERED_REQUESTS;
      next.set(client, (at + 1) % FILTERED_REQUESTS);
      await call(PAGE_PATH, bodies[at]);
    },
  };
}

/** GET /api/health with the token: the sign-in guard and one `select 1`, the floor of any signed-in call. */
export const healthWithToken: Workload = {
  name: "GET /api/health + token",
  signedIn: true,
  async step(call) {
    await call("/api/health");
  },
};

/**
 * GET /api/open/site without a token: the site settings the app's header and footer show, a
 * public route answering constant JSON without the database, so the framework's own floor
 * (HTTP, routing, hooks, serialisation) on the same server.
 */
export const constantReply: Workload = {
  name: "GET /api/open/site (constant)",
  signedIn: false,
  async step(call) {
    await call("/api/open/site");
  },
};

/** GET /api/followups/summary: the header's badge, counted for the administrator over every company. */
export const followupSummary: Workload = {
  name: "GET /api/followups/summary",
  signedIn: true,
  async step(call) {
    await call("/api/followups/summary");
  },
};

const STATISTICS_GROUPS = ["month", "researcher", "evaluation", "segment", "district"] as const;
const STATISTICS_PERIODS = [
  { from: "2022-01-01", to: "2026-12-31" },
  { from: "2025-01-01", to: "2025-12-31" },
  { from: "2024-03-15", to: "2025-09-10" },
];

/** POST /api/statistics/visits: a random grouping over five years, one year or 18 months from mid-month to mid-month. */
export const statisticsVisits: Workload = {
  name: "POST /api/statistics/visits",
  signedIn: true,
  async step(call, rnd) {
    await call("/api/statistics/visits", { ...pick(rnd, STATISTICS_PERIODS), groupBy: pick(rnd, STATISTICS_GROUPS) });
  },
};
