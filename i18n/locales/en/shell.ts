import type { Messages } from "../../types";
import type zh from "../zh-CN/shell";

const shell: Messages<typeof zh> = {
  platformTitle: "Semiconductor Industry Patent Navigation Platform",
  header: {
    backHome: "Back to association home",
    greeting: "Hello, {name}",
    /** The greeting's name for the administrator the seed creates (contract/users.ts SEEDED_ADMIN_NAME). */
    seededAdminName: "Administrator",
    personalCenter: "Personal center",
    logout: "Log out",
    switchTo: { "zh-CN": "中文", en: "English" },
  },
  footer: {
    association: "City Semiconductor Industry Association",
    phone: "Phone",
    email: "Email",
    address: "Address",
    contactLine: "{label}: {value}",
    copyright: "© {year} {name}. All rights reserved.",
    qrAlt: "QR code of the association's official account",
    qrCaption: "Scan to follow our official account",
  },
  titles: {
    home: "Home",
    login: "Login",
    register: "Register new account",
    retrievePassword: "Reset password",
    authCallback: "Signing in",
    basicInfo: "Account info",
    changePassword: "Change password",
    userManage: "User management",
    accreditedInstitution: "Enterprise certification",
    serviceFiles: "Knock-door service archive",
    serviceFilesDetails: "Service information",
    visits: "Visit records",
    userList: "User list",
    logs: "Log list",
    statistics: "Service statistics",
    patents: "Patent search",
    patentImport: "Patent import",
    patentChain: "Industry chain map",
    patentWatches: "My watches",
    patentProfile: "Patent profile",
  },
  crumbs: {
    dataIntelligence: "Data intelligence",
  },
  home: {
    heading: "The intellectual-property platform of the city's semiconductor industry",
    intro:
      "Patent navigation queries for member enterprises; knock-door service archives and enterprise questionnaires for association staff.",
    features: {
      patnavi: { title: "Patent navigation", description: "Search semiconductor patents by keyword and see the technology landscape." },
      serviceFiles: {
        title: "Knock-door service archive",
        description: "Record service visits, keep questionnaires with their edit history, export the archive.",
      },
      certification: { title: "Enterprise certification", description: "Certify your enterprise to unlock every feature." },
    },
  },
  notFound: {
    title: "Page not found",
    description: "The page you are looking for does not exist or has been removed.",
    backHome: "Back to home",
  },
  pageError: {
    title: "The page failed to load. Check your network and try again.",
    retry: "Reload",
  },
};

export default shell;
