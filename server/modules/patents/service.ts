import type { Kysely } from "kysely";
import { companyNameKey } from "../../../contract/patents/normalise";
import {
  PATENT_COUNT_CAP,
  PATENT_FACET_SIZE,
  type CompanyPatentProfile,
  type PatentFilter,
  type PatentSearchBody,
  type PatentSearchResult,
} from "../../../contract/schemas/patents";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import { text } from "../../i18n";
import { ScopeMessages } from "../companies/owners";
import type { PatentQuery, PatentSearchEngine } from "./search/engine";

export const PatentMessages = {
  notFound: text("server.patents.notFound"),
  pageTooDeep: text("server.patents.pageTooDeep", { max: PATENT_COUNT_CAP }),
  exportTooMany: (max: number) => text("server.patents.exportTooMany", { max }),
} as const;

/** Patents a company profile lists as its latest. */
const PROFILE_LATEST = 10;

/** What the routes ask of the patents, whichever engine answers: a company named by id becomes how its patents are matched. */
export class Patents {
  constructor(
    private readonly db: Kysely<Database>,
    readonly engine: PatentSearchEngine,
  ) {}

  private async company(compId: number) {
    const company = await this.db.selectFrom("companies").select(["id", "name", "creditCode"]).where("id", "=", compId).executeTakeFirst();
    if (!company) throw AppError.notFound(ScopeMessages.notFound);
    return company;
  }

  /** The engine's query of a filter: a company by its credit code, and by its name as applicants' names are normalised. */
  async query(filter: PatentFilter = {}): Promise<PatentQuery> {
    const { compId, ...rest } = filter;
    if (compId === undefined) return rest;
    const company = await this.company(compId);
    return { ...rest, company: { creditCode: company.creditCode, nameKey: companyNameKey(company.name) } };
  }

  /** POST /api/patents/search: pages reach as deep as the count is exact. */
  async search(body: PatentSearchBody): Promise<PatentSearchResult> {
    const offset = (body.current - 1) * body.size;
    if (offset + body.size > PATENT_COUNT_CAP) throw AppError.badRequest(PatentMessages.pageTooDeep);
    return this.engine.search(await this.query(body.model), { offset, limit: body.size, orders: body.orders });
  }

  /** GET /api/patents/company/{compId}: the company's patents by type, status, year, IPC group and segment, and the latest. */
  async profile(compId: number): Promise<CompanyPatentProfile> {
    const company = await this.company(compId);
    const query = await this.query({ compId });
    const [found, facets, ipcGroups] = await Promise.all([
      this.engine.search(query, { offset: 0, limit: PROFILE_LATEST, orders: [{ column: "publicationDate", asc: false }] }),
      this.engine.allFacets(query),
      this.engine.ipcGroups(query, PATENT_FACET_SIZE),
    ]);
    return {
      compId,
      companyName: company.name,
      matchedBy: company.creditCode === null ? "name" : "creditCode",
      total: found.total,
      byType: facets.patentType,
      byStatus: facets.legalStatus,
      byYear: facets.applyYear,
      ipcGroups,
      segments: facets.segment.map(({ key, count }) => ({ segment: key as CompanyPatentProfile["segments"][number]["segment"], count })),
      latest: found.records,
    };
  }
}
