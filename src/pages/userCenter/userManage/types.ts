export type { ActiveSession, AdminUser as ManagedUser, CompanyOrg, RoleSummary as RoleOption } from "../../../../contract/users";

/** What the user form holds; the username only when creating. */
export interface UserFormValues {
  username?: string;
  name: string;
  mobile?: string | null;
  roleCodes: string[];
  companyId?: number | null;
}

/** A record of POST /api/certification/list: an application with its applicant. */
export type { ReviewedCertification as CertificationReview } from "../../../../contract/schemas/certification";

/** The longest reason a reviewer may give when rejecting (SPEC: reason required, at most 200). */
export const REJECT_REASON_MAX = 200;
