import type { Envelope } from "../../contract/envelope";
import type { FollowupSummary } from "../../contract/schemas/followups";
import type { NotificationList } from "../../contract/schemas/notifications";
import { http } from "../../providers/http";
import { followups, notifications } from "./resource";

/*
 * The header's calls, made with http rather than Refine's hooks: the header also shows where
 * Refine is not loaded. Silent: a failed count leaves the last one shown, without a toast.
 */

export async function fetchSummary(): Promise<FollowupSummary> {
  const body = await http.get<Envelope<FollowupSummary>>(followups.actions.summary.url, { silent: true });
  return body.result as FollowupSummary;
}

export async function fetchNotifications(): Promise<NotificationList> {
  const body = await http.get<Envelope<NotificationList>>(notifications.actions.list.url, { silent: true });
  return body.result as NotificationList;
}

export async function markRead(ids: number[]): Promise<number> {
  const body = await http.post<Envelope<{ unread: number }>>(notifications.actions.read.url, { ids }, { silent: true });
  return (body.result as { unread: number }).unread;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Asks the header to count again now (after a follow-up is closed or a visit recorded). */
export function followupsChanged(): void {
  for (const listener of [...listeners]) listener();
}

export function onFollowupsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
