/*
 * Follow-ups (issue 11 item 3): what both halves agree on without TypeBox. The wire shapes are
 * contract/schemas/followups.ts and contract/schemas/notifications.ts.
 */

/** The list's filters: due before today (overdue), during today, within the 7 days from today's start, or every one. */
export const FOLLOWUP_DUES = ["overdue", "today", "week", "all"] as const;
export type FollowupDue = (typeof FOLLOWUP_DUES)[number];

/** Where a follow-up's due time stands against the server's today. */
export const FOLLOWUP_STATES = ["overdue", "today", "upcoming"] as const;
export type FollowupState = (typeof FOLLOWUP_STATES)[number];

/** An administrator's "no visit for N days" rule of a company. */
export const FOLLOWUP_RULE_DAYS = [7, 15, 30] as const;
export type FollowupRuleDays = (typeof FOLLOWUP_RULE_DAYS)[number];

/** Where a follow-up comes from: a visit's next follow-up time, or the company's no-visit rule. */
export const FOLLOWUP_SOURCES = ["visit", "rule"] as const;
export type FollowupSource = (typeof FOLLOWUP_SOURCES)[number];

/** The largest page of the follow-up list. */
export const FOLLOWUP_PAGE_MAX = 100;
/** The longest note a follow-up is closed with. */
export const FOLLOWUP_NOTE_MAX = 500;

/** The daily digest: written at this wall-clock time of the server's zone (TZ). */
export const FOLLOWUP_DIGEST_TIME = "08:30";

/**
 * Kinds of in-app notification; the app names each from its catalog (followups.notifications.kinds.<kind>).
 * patentWatchMatch: a patent an import brought that matches one of the user's patent watches;
 * patentWatchSummary: the matches of one watch in one import beyond the ones notified one by one.
 */
export const NOTIFICATION_KINDS = ["followupDigest", "patentWatchMatch", "patentWatchSummary"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** GET /api/notifications answers at most this many, newest first. */
export const NOTIFICATION_LIST_MAX = 20;
/** The header's follow-up badge and bell ask again at least this often, and when the window regains focus. */
export const FOLLOWUP_BADGE_REFRESH_MS = 5 * 60_000;
