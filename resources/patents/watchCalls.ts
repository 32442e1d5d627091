import type { Envelope } from "../../contract/envelope";
import type { PatentWatch, PatentWatchBody, PatentWatches } from "../../contract/schemas/patentWatches";
import { http } from "../../providers/http";
import { slotted } from "./patentCalls";
import { patentWatches } from "./resource";

/*
 * 我的关注's calls (issue 12 item 6), made with http: the list is the user's own few watches, not a
 * paged table, and saving is offered from the search page and the detail drawer alike. A refusal
 * (the bound, the same watch twice) toasts the server's message through the http layer.
 */

export async function fetchWatches(): Promise<PatentWatches> {
  const body = await http.get<Envelope<PatentWatches>>(patentWatches.actions.list.url);
  if (!body.result) throw new Error("no watches in the answer");
  return body.result;
}

export async function saveWatch(watch: PatentWatchBody): Promise<PatentWatch> {
  const body = await http.post<Envelope<PatentWatch>>(patentWatches.actions.create.url, watch);
  if (!body.result) throw new Error("no watch in the answer");
  return body.result;
}

export async function deleteWatch(id: number): Promise<void> {
  await http.delete(slotted(patentWatches.actions.remove.url, "id", id));
}

export type { PatentWatch, PatentWatchBody };
