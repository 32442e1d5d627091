import type { Messages } from "../../types";
import type zh from "../zh-CN/admin";

const admin: Messages<typeof zh> = {
  nav: {
    label: "Main navigation",
  },
  menus: {
    patnavi: "Patent navigation",
    userCenter: "Personal center",
    "userCenter:certification": "Enterprise certification",
    serviceFiles: "Service archive",
    admin: "Administration",
    "admin:users": "User list",
    "admin:users:edit": "User management",
    "admin:logs": "Operation log",
  },
  noPermission: {
    title: "No permission",
    description: "You do not have permission to view this page. Please contact an administrator.",
  },
  users: {
    columns: {
      index: "No.",
      username: "Username",
      name: "Name",
      mobile: "Mobile phone number",
      createdDate: "Creation time",
    },
  },
  logs: {
    columns: {
      index: "No.",
      logAction: "Action",
      remoteAddr: "Operating IP",
      lastModifiedDate: "Operation time",
      logType: "Log type",
      exceptionType: "Status",
      userName: "Operator",
      actions: "Details",
    },
    logType: {
      login: "Login",
      operation: "Operation",
    },
    status: {
      normal: "Normal",
      abnormal: "Abnormal",
    },
    filter: {
      logType: "Log type",
      exceptionType: "Status",
      userName: "Operator",
      logAction: "Action",
      dateRange: "Operation date",
      all: "All",
      userNamePlaceholder: "Enter the operator",
      logActionPlaceholder: "Enter the action text",
      submit: "Search",
      reset: "Reset",
    },
    detail: {
      open: "View",
      title: "Log details",
      loadFailed: "The log details could not be loaded",
      fields: {
        id: "ID",
        logAction: "Action",
        remoteAddr: "Operating IP",
        lastModifiedDate: "Operation time",
        logType: "Log type",
        exceptionType: "Status",
        userName: "Operator",
        userId: "Operator ID",
        method: "Method",
        path: "Path",
        params: "Parameters",
        durationMs: "Duration (ms)",
        errorMessage: "Error message",
      },
    },
    export: {
      button: "Export",
      failed: "Export failed",
      fileName: "operation-log.xlsx",
    },
  },
};

export default admin;
