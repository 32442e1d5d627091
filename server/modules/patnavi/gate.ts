import type { Kysely } from "kysely";
import type { CertificationState } from "../../../contract/account";
import { ErrorCode } from "../../../contract/envelope";
import { RoleCode } from "../../../contract/menus";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import { text, type ServerText } from "../../i18n";

export const GateMessages = {
  none: text("server.patnavi.certificationNone"),
  pending: text("server.patnavi.certificationPending"),
  rejected: (reason: string | null) => text("server.patnavi.certificationRejected", { reason: reason ?? "" }),
} as const;

/** The state travels with the refusal so the app can tell "under review" from the others. */
const refused = (state: CertificationState | "none", message: ServerText) =>
  new AppError(ErrorCode.CERTIFICATION_REQUIRED, message, 403, { state });

/**
 * Patent navigation is for member enterprises whose certification is approved. Administrators and
 * staff hold the menu through their role and belong to no company, so they pass.
 */
export async function requireApprovedCertification(db: Kysely<Database>, user: { id: number; roles: readonly string[] }): Promise<void> {
  const association = user.roles.includes(RoleCode.ADMIN) || user.roles.includes(RoleCode.STAFF);
  if (association || !user.roles.includes(RoleCode.MEMBER)) return;
  const latest = await db
    .selectFrom("certifications")
    .select(["state", "rejectReason"])
    .where("userId", "=", user.id)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!latest) throw refused("none", GateMessages.none);
  if (latest.state === "rejected") throw refused(latest.state, GateMessages.rejected(latest.rejectReason));
  if (latest.state !== "approved") throw refused(latest.state, GateMessages.pending);
}
