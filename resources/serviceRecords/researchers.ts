import { useCustom } from "@refinedev/core";
import type { Envelope } from "../../contract/envelope";
import { RESEARCHER_SEPARATOR, researcherNames } from "../../contract/serviceRecord";
import { customCall } from "../../providers/endpoints";
import { serviceRecords } from "./resource";

/** A user a visit's researcher may be. */
export interface ResearcherUser {
  id: number;
  name: string;
}

/** The users researchers are picked from: active accounts that use the archive, by name. */
export function useResearcherCandidates(): { users: ResearcherUser[]; loading: boolean } {
  const { result, query } = useCustom<Envelope<ResearcherUser[]>>({
    ...customCall(serviceRecords.actions.researchers, { silent: true }),
    queryOptions: { staleTime: 60_000, retry: false },
  });
  return { users: result.data?.result ?? [], loading: query.isLoading };
}

/*
 * The visit form's researcher picker (antd Select mode="tags") holds one value a researcher: a
 * picked user as USER_PREFIX and their id, anyone else as the typed name.
 */
const USER_PREFIX = "user:";

export const userPick = (id: number): string => `${USER_PREFIX}${id}`;

/** The user id a pick stands for, or undefined for a typed name. */
export function pickedUserId(pick: string): number | undefined {
  if (!pick.startsWith(USER_PREFIX)) return undefined;
  const id = Number(pick.slice(USER_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** A record's researchers as the picker's values: its users, then the other names of its text. */
export function researcherPicks(text: string | null | undefined, users: readonly ResearcherUser[] = []): string[] {
  const userNames = new Set(users.map((user) => user.name));
  return [...users.map((user) => userPick(user.id)), ...researcherNames(text).filter((name) => !userNames.has(name))];
}

/** The picker's values as the save body takes them: the users' ids, the typed names as SPEC's text. */
export function researchersPayload(picks: readonly string[] | string | null | undefined): { researcherIds: number[]; researchers: string | null } {
  // A draft written before the picker held the text itself.
  const values = typeof picks === "string" ? researcherNames(picks) : (picks ?? []);
  const researcherIds: number[] = [];
  const names: string[] = [];
  for (const value of values) {
    const id = pickedUserId(value);
    if (id !== undefined) {
      if (!researcherIds.includes(id)) researcherIds.push(id);
    } else {
      names.push(...researcherNames(value));
    }
  }
  const unique = [...new Set(names)];
  return { researcherIds, researchers: unique.length > 0 ? unique.join(RESEARCHER_SEPARATOR) : null };
}
