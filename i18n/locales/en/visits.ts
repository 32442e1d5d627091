import type { Messages } from "../../types";
import type zh from "../zh-CN/visits";

const visits: Messages<typeof zh> = {
  filter: {
    company: "Company",
    companyPlaceholder: "Search companies by keyword",
    researcher: "Researcher",
    researcherPlaceholder: "Choose a researcher",
    dateRange: "Service time",
    evaluation: "Overall evaluation",
    segment: "Industry-chain segment",
    district: "District",
    all: "All",
    search: "Search",
    reset: "Reset",
  },
  columns: {
    index: "No.",
    companyName: "Company",
    segment: "Industry-chain segment",
    researchers: "Researchers",
    contactPerson: "Contact person",
    contactPersonPhone: "Contact phone",
    comprehensiveEvaluation: "Overall evaluation",
    serviceTime: "Service time",
    operation: "Action",
    view: "View",
    empty: "--",
  },
  table: {
    noData: "No data",
    total: "{total} in total",
  },
  export: {
    button: "Export",
    fileName: "visit-records.xlsx",
    failed: "Export failed",
  },
};

export default visits;
