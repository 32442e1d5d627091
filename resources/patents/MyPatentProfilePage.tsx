import { Alert, Spin } from "antd";
import { useEffect, useState } from "react";
import { PageFrame } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import { fetchUserInfo, type UserInfo } from "../../src/pages/userCenter/userCenterCalls";
import { CompanyPatentProfile } from "./CompanyPatentProfile";

/** The personal center's 专利画像: the company a member's approved certification linked it to. */
export default function MyPatentProfilePage() {
  const t = useT();
  const [user, setUser] = useState<UserInfo | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    fetchUserInfo().then(
      (info) => current && setUser(info),
      () => current && setUser(null),
    );
    return () => {
      current = false;
    };
  }, []);
  const company = user?.certification?.state === "approved" ? user.company : null;

  return (
    <PageFrame title="shell.titles.patentProfile">
      {user === undefined ? (
        <Spin />
      ) : company ? (
        <CompanyPatentProfile compId={company.id} />
      ) : (
        <Alert type="info" showIcon message={t("patents.profile.noCompany")} data-testid="patent-profile-no-company" />
      )}
    </PageFrame>
  );
}
