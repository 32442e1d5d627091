import type { FastifyInstance } from "fastify";
import type { Page } from "../../../contract/envelope";
import type { CompanyOrg } from "../../../contract/users";
import { containsText } from "../../db/like";

export interface CompanyOrgQuery {
  keywords?: string;
  current: number;
  size: number;
}

/** Companies whose name or credit code contains the keywords, by name. */
export async function companyOrgPage(app: Pick<FastifyInstance, "db" | "dialect">, query: CompanyOrgQuery): Promise<Page<CompanyOrg>> {
  const words = query.keywords?.trim();
  let companies = app.db.selectFrom("companies");
  if (words) {
    companies = companies.where((eb) => eb.or([containsText(app.dialect, eb.ref("name"), words), containsText(app.dialect, eb.ref("creditCode"), words)]));
  }
  const [{ total }, records] = await Promise.all([
    companies.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
    companies
      .select(["id", "name", "creditCode"])
      .orderBy("name")
      .orderBy("id")
      .limit(query.size)
      .offset((query.current - 1) * query.size)
      .execute(),
  ]);
  return { records, total: Number(total), current: query.current, size: query.size };
}
