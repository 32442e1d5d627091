import { CanAccess } from "@refinedev/core";
import { Spin } from "antd";
import { MenuCode } from "../../../contract/menus";
import { NoPermission } from "../../components/NoPermission";
import { CertificationDetails } from "./CertificationDetails";
import { CertificationForm } from "./CertificationForm";
import { CertificationSteps } from "./CertificationSteps";
import { fetchMyCertification } from "./certificationCalls";
import { UserCenterPanel } from "./UserCenterPanel";
import { useLoaded } from "./useLoaded";

/**
 * /userCenter/accreditedInstitution (flowPage): the progress of the enterprise certification, the
 * form when there is no application or it was rejected, the application itself otherwise. A user
 * without the certification code (staff, who cannot submit) gets the no-permission state (SPEC 6).
 */
export default function AccreditedInstitutionPage() {
  return (
    <CanAccess
      resource="certifications"
      action="create"
      params={{ menuCode: MenuCode.CERTIFICATION_APPLY }}
      fallback={
        <UserCenterPanel title="shell.titles.accreditedInstitution">
          <NoPermission />
        </UserCenterPanel>
      }
    >
      <CertificationProgress />
    </CanAccess>
  );
}

function CertificationProgress() {
  const { data: certification, loading, reload } = useLoaded(fetchMyCertification);

  if (certification === undefined) {
    return <UserCenterPanel title="shell.titles.accreditedInstitution">{loading ? <Spin /> : null}</UserCenterPanel>;
  }
  const canApply = certification === null || certification.state === "rejected";
  return (
    <UserCenterPanel title="shell.titles.accreditedInstitution">
      <CertificationSteps certification={certification} />
      {canApply ? (
        <CertificationForm key={certification?.id ?? "new"} previous={certification ?? undefined} onSubmitted={reload} />
      ) : (
        <CertificationDetails certification={certification} />
      )}
    </UserCenterPanel>
  );
}
