import type { Messages } from "../../types";
import type zh from "../zh-CN/statistics";

const statistics: Messages<typeof zh> = {
  period: "Period",
  query: "Show",
  presets: {
    thisYear: "This year",
    lastYear: "Last year",
    last12Months: "Last 12 months",
  },
  totals: {
    visits: "Visits",
    companies: "Companies visited",
    companiesRegistered: "Companies registered",
    coverage: "Coverage",
    patnaviOpened: "Companies with a patent navigation account opened",
  },
  charts: {
    month: "Visits per month",
    researcher: "Visits per researcher",
    evaluation: "Overall evaluation",
    coverage: "Company coverage",
    segment: "By industry-chain segment",
    district: "By district",
    description: "{title}: {count} items, figures in the table below.",
    visited: "Visited",
    notVisited: "Not visited",
  },
  columns: {
    key: "Group",
    visits: "Visits",
    companies: "Companies visited",
  },
  drill: "Visit records of {label}",
  drillAll: "All visit records of the period",
  none: "Not set",
  unlinked: "Others (no linked user)",
  noData: "No visits in the period",
  report: {
    xlsx: "Export report (Excel)",
    docx: "Export report (Word)",
    fileName: "service-statistics",
    failed: "Export failed",
  },
  tooLong: "The period may not be longer than 5 years",
};

export default statistics;
