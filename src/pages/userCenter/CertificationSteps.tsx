import { Alert, Steps, type StepsProps } from "antd";
import { useT } from "../../i18n/I18nContext";
import type { Certification } from "./certificationCalls";

type Progress = Pick<StepsProps, "current" | "status"> & { hint: string; alert: "info" | "success" | "error" };

/** Where an application stands: none yet, waiting for review, approved, or rejected. */
function progressOf(certification: Certification | null): Progress {
  switch (certification?.state) {
    case undefined:
      return { current: 0, status: "process", hint: "none", alert: "info" };
    case "approved":
      return { current: 2, status: "finish", hint: "approved", alert: "success" };
    case "rejected":
      return { current: 2, status: "error", hint: "rejected", alert: "error" };
    default:
      // "submitted" and "reviewing" both wait on the association: the user sees one step.
      return { current: 1, status: "process", hint: "reviewing", alert: "info" };
  }
}

/** 提交申请 → 审核中 → 审核通过 / 审核未通过 (with the reason). */
export function CertificationSteps({ certification }: { certification: Certification | null }) {
  const t = useT();
  const { current, status, hint, alert } = progressOf(certification);
  const state = certification?.state;
  const resultTitle =
    state === "approved"
      ? t("account.certification.steps.approved")
      : state === "rejected"
        ? t("account.certification.steps.rejected")
        : t("account.certification.steps.result");
  const resultDescription = [
    certification?.reviewedAt ? t("account.certification.reviewedAt", { time: certification.reviewedAt }) : null,
    state === "rejected" && certification?.rejectReason
      ? t("account.certification.rejectReason", { reason: certification.rejectReason })
      : null,
  ]
    .filter(Boolean)
    .join("\n");

  return (
    <div data-testid="certification-progress" data-state={state ?? "none"}>
      <Steps
        current={current}
        status={status}
        style={{ marginBottom: 24 }}
        items={[
          {
            title: t("account.certification.steps.submit"),
            description: certification ? t("account.certification.submittedAt", { time: certification.createdAt }) : undefined,
          },
          { title: t("account.certification.steps.reviewing") },
          {
            title: resultTitle,
            description: resultDescription ? <span style={{ whiteSpace: "pre-line" }}>{resultDescription}</span> : undefined,
          },
        ]}
      />
      <Alert type={alert} showIcon message={t(`account.certification.stateHint.${hint}`)} style={{ marginBottom: 24 }} />
    </div>
  );
}
