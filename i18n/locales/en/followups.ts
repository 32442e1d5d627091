import type { Messages } from "../../types";
import type zh from "../zh-CN/followups";

const followups: Messages<typeof zh> = {
  title: "My follow-ups",
  filters: {
    label: "Due",
    overdue: "Overdue",
    today: "Today",
    week: "Next 7 days",
    all: "All",
  },
  columns: {
    index: "No.",
    companyName: "Company",
    nextFollowTime: "Follow up by",
    state: "Status",
    source: "Source",
    researchers: "Last researchers",
    lastServiceTime: "Last visit",
    actions: "Actions",
    empty: "—",
  },
  states: {
    overdue: "Overdue",
    today: "Today",
    upcoming: "Upcoming",
  },
  sources: {
    visit: "Next follow-up of a visit",
    rule: "No visit for {days} days",
  },
  never: "Never visited",
  actions: {
    record: "Record visit",
    close: "Close",
    archive: "Archive",
  },
  table: {
    total: "{total} in all",
  },
  close: {
    title: "Close follow-up: {company}",
    note: "Note",
    notePlaceholder: "e.g. settled by phone, no visit needed",
    noteRequired: "Please write why it is closed",
    noteTooLong: "The note can have at most {max} characters",
    submit: "Close",
    cancel: "Cancel",
    done: "The follow-up is closed",
  },
  badge: {
    label: "My follow-ups: {count} overdue or due today",
  },
  notifications: {
    bell: "Notifications",
    bellUnread: "Notifications, {count} unread",
    title: "Notifications",
    empty: "No notifications",
    markAllRead: "Mark all as read",
    unread: "Unread",
    kinds: {
      followupDigest: "Follow-ups today: {overdue} overdue, {today} due today",
      patentWatchMatch: "New patent for your watch “{watch}”: {number} {title}",
      patentWatchSummary: "{count} more new patents for your watch “{watch}”: open the search",
    },
    open: "Open my follow-ups",
  },
  rule: {
    action: "Follow-up rule",
    title: "Follow-up rule: {company}",
    label: "Add to the owners' follow-ups after this many days without a visit",
    none: "None",
    days: "{days} days",
    save: "Save",
    cancel: "Cancel",
    saved: "Follow-up rule saved",
  },
};
export default followups;
