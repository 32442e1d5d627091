import type { CertificationState } from "../../../contract/account";
import type { Envelope } from "../../../contract/envelope";
import { http } from "../../../providers/http";
import { postWrite } from "../login/writeCall";

export interface CertificationApplication {
  companyName: string;
  creditCode: string;
  contactPerson: string;
  contactPhone: string;
  /** File id of the business licence image. */
  licenseFileId: string;
}

/** The user's latest application and its review. */
export interface Certification extends CertificationApplication {
  id: string | number;
  state: CertificationState;
  rejectReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

/** Null when the user has never applied. */
export async function fetchMyCertification(): Promise<Certification | null> {
  const body = await http.get<Envelope<Certification | null>>("/api/certification/mine");
  return body.result ?? null;
}

export const submitCertification = (application: CertificationApplication) =>
  postWrite("/api/certification/submit", application);
