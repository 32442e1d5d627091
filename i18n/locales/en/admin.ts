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
  /** The built-in roles by their code (contract/menus.ts RoleCode). */
  roles: {
    admin: "Administrator",
    staff: "Association staff",
    member: "Member enterprise",
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
      actions: "Details",
    },
    /** The log row's fields, as the list's columns and the detail's labels name them. */
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
    logType: {
      login: "Login",
      operation: "Operation",
    },
    status: {
      normal: "Normal",
      abnormal: "Abnormal",
    },
    /** By the stable key of contract/logActions.ts. */
    actions: {
      signedIn: "Signed in",
      signedOut: "Signed out",
      refreshReused: "Refresh token reused; session ended",
      registered: "Registered an account",
      passwordRetrieved: "Reset a forgotten password",
      passwordChanged: "Changed the password",
      profileUpdated: "Updated personal details",
      mobileChanged: "Changed the mobile number",
      smsCodeSent: "Sent an SMS code",
      fileUploaded: "Uploaded a file",
      userCreated: "Created a user",
      userUpdated: "Edited a user",
      userRolesAssigned: "Assigned user roles",
      userDisabled: "Disabled a user",
      userEnabled: "Enabled a user",
      userDeleted: "Deleted a user",
      userPasswordReset: "Reset a user's password",
      sessionEnded: "Ended a user session",
      certificationSubmitted: "Submitted an enterprise certification",
      certificationApproved: "Approved an enterprise certification",
      certificationRejected: "Rejected an enterprise certification",
      companyCreated: "Created a company",
      companyUpdated: "Edited a company",
      companiesImported: "Imported companies",
      companyOwnersSet: "Set company owners",
      logsExported: "Exported the operation log",
      answersSaved: "Saved a dimension questionnaire",
      recordCreated: "Created a visit record",
      recordUpdated: "Edited a visit record",
      archiveExported: "Exported the knock-door service archive",
      dimensionSaved: "Saved a dimension",
      dimensionDeleted: "Deleted a dimension",
      questionSaved: "Saved a question",
      questionDeleted: "Deleted a question",
      signInFailed: "Sign-in failed: {reason}",
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
    },
    export: {
      button: "Export",
      failed: "Export failed",
      fileName: "operation-log.xlsx",
    },
  },
};

export default admin;
