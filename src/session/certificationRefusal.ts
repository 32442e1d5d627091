import { ErrorCode } from "../../contract/envelope";
import { ApiError } from "../../providers/apiError";
import { openCertificationDialog } from "./sessionDialogs";

/** States in which the certification is still with the reviewers. */
const UNDER_REVIEW = ["submitted", "reviewing"];

/**
 * SPEC 4: a call refused with 40301 while the enterprise certification is under review opens the
 * certification dialog. Other refusals (not applied, rejected) are left to the caller. Returns
 * whether the dialog was opened.
 */
export function showCertificationDialogFor(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.CERTIFICATION_REQUIRED) return false;
  // The gate's answer names the state: { code: 40301, message, result: { state } }.
  const state = certificationStateIn(error.body);
  const underReview = state !== undefined && UNDER_REVIEW.includes(state);
  if (underReview) openCertificationDialog();
  return underReview;
}

function certificationStateIn(body: unknown): string | undefined {
  const result = (body as { result?: { state?: unknown } } | null | undefined)?.result;
  return typeof result?.state === "string" ? result.state : undefined;
}
