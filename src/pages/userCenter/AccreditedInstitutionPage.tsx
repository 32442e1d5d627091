import { Spin } from "antd";
import { MenuCode } from "../../../contract/menus";
import { useCanMenu } from "../../access";
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
  const canApply = useCanMenu(MenuCode.CERTIFICATION_APPLY);
  if (!canApply) {
    return (
      <UserCenterPanel title="shell.titles.accreditedInstitution">
        <NoPermission />
      </UserCenterPanel>
    );
  }
  return <CertificationProgress />;
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
