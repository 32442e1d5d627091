import type { Kysely, Transaction } from "kysely";
import { RESEARCHER_SEPARATOR, researcherNames } from "../../../../contract/serviceRecord";
import type { Database } from "../../../db/schema";
import { archiveUsers, shownName, type CompanyOwner } from "../../companies/owners";

type Db = Kysely<Database> | Transaction<Database>;

/** The users among each record's researchers, in the order they were picked. */
export async function researchersOf(db: Db, recordIds: readonly number[]): Promise<Map<number, CompanyOwner[]>> {
  const linked = new Map<number, CompanyOwner[]>(recordIds.map((id) => [id, []]));
  if (recordIds.length === 0) return linked;
  const rows = await db
    .selectFrom("serviceRecordResearchers")
    .innerJoin("users", "users.id", "serviceRecordResearchers.userId")
    .select(["serviceRecordResearchers.recordId", "users.id", "users.name", "users.username"])
    .where("serviceRecordResearchers.recordId", "in", recordIds)
    .orderBy("serviceRecordResearchers.position")
    .orderBy("users.id")
    .execute();
  for (const row of rows) linked.get(row.recordId)?.push({ id: row.id, name: shownName(row) });
  return linked;
}

/**
 * The users `ids` names, in that order, when each may be a researcher: an active account whose
 * roles reach the archive, or one the record already names (a researcher who has since left stays
 * on the record). Undefined when one may not.
 */
export async function pickedResearchers(db: Db, ids: readonly number[], recordId: number | null | undefined): Promise<CompanyOwner[] | undefined> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const candidates = await archiveUsers(db).select(["users.id", "users.name", "users.username"]).where("users.id", "in", wanted).execute();
  const found = new Map(candidates.map((row) => [row.id, shownName(row)]));
  if (recordId != null && found.size < wanted.length) {
    for (const user of (await researchersOf(db, [recordId])).get(recordId) ?? []) found.set(user.id, user.name);
  }
  if (wanted.some((id) => !found.has(id))) return undefined;
  return wanted.map((id) => ({ id, name: found.get(id)! }));
}

/** The `researchers` text of picked users and free-text names: the users' names first, then the others, once each. */
export function researchersText(users: readonly CompanyOwner[], freeText: string | null | undefined): string | null {
  const names = users.map((user) => user.name);
  const others = researcherNames(freeText).filter((name) => !names.includes(name));
  const all = [...new Set([...names, ...others])];
  return all.length === 0 ? null : all.join(RESEARCHER_SEPARATOR);
}

/**
 * The record's researcher links become `users` (a save that names them); or, for a save that
 * names only the text (SPEC 7), the links whose user's name the text still holds.
 */
export async function saveResearcherLinks(db: Db, recordId: number, users: readonly CompanyOwner[] | undefined, text: string | null): Promise<void> {
  if (users === undefined) {
    const names = new Set(researcherNames(text));
    const gone = ((await researchersOf(db, [recordId])).get(recordId) ?? []).filter((user) => !names.has(user.name)).map((user) => user.id);
    if (gone.length > 0) await db.deleteFrom("serviceRecordResearchers").where("recordId", "=", recordId).where("userId", "in", gone).execute();
    return;
  }
  await db.deleteFrom("serviceRecordResearchers").where("recordId", "=", recordId).execute();
  if (users.length > 0) {
    await db
      .insertInto("serviceRecordResearchers")
      .values(users.map((user, position) => ({ recordId, userId: user.id, position })))
      .execute();
  }
}
