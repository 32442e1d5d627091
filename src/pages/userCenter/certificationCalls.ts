import type { Certification, CertificationApplication } from "../../../contract/account";
import type { Envelope } from "../../../contract/envelope";
import { http } from "../../../providers/http";
import { postWrite } from "../login/writeCall";

export type { Certification, CertificationApplication };

/** Null when the user has never applied. */
export async function fetchMyCertification(): Promise<Certification | null> {
  const body = await http.get<Envelope<Certification | null>>("/api/certification/mine");
  return body.result ?? null;
}

export const submitCertification = (application: CertificationApplication) =>
  postWrite("/api/certification/submit", application);
