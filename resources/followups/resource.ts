import { MenuCode } from "../../contract/menus";
import { Paths } from "../../contract/paths";
import { get, post } from "../../providers/endpoints";
import { declareResource } from "../declareResource";

/** 我的待跟进 (/followups): the user's companies' follow-ups, their counts, and closing one with a note. */
export const followups = declareResource({
  name: "followups",
  label: "followups.title",
  menuCode: MenuCode.FOLLOWUPS,
  list: { path: Paths.FOLLOWUPS, page: () => import("./FollowupList") },
  calls: { list: post("/api/followups/listData") },
  actions: {
    /** `{ overdue, today, week }`: the header's badge and the filters' counts. */
    summary: get("/api/followups/summary"),
    /** `{ compId, recordId, note }`: closes the company's current follow-up. */
    close: post("/api/followups/close"),
  },
});

/** A company's "no visit for N days" rule, which administrators set from the company finder. */
export const followupRules = declareResource({
  name: "followupRules",
  label: "followups.rule.action",
  menuCode: MenuCode.ADMIN_COMPANIES,
  calls: {},
  actions: { one: get("/api/company/followupRule/:id"), save: post("/api/company/followupRule") },
});

/** The header's notification centre. */
export const notifications = declareResource({
  name: "notifications",
  label: "followups.notifications.title",
  calls: {},
  actions: { list: get("/api/notifications"), read: post("/api/notifications/read") },
});
