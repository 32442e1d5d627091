import { Divider, Spin, Typography } from "antd";
import { useState } from "react";
import { useT } from "../../i18n/I18nContext";
import { BasicInfoForm } from "./BasicInfoForm";
import { ChangeMobileForm } from "./ChangeMobileForm";
import { UserCenterPanel } from "./UserCenterPanel";
import { fetchUserInfo } from "./userCenterCalls";
import { useLoaded } from "./useLoaded";

/** /userCenter/basicInfo: the user's own details and mobile number. */
export default function BasicInfoPage() {
  const t = useT();
  const { data: user, loading } = useLoaded(fetchUserInfo);
  const [changedMobile, setChangedMobile] = useState<string | null>(null);

  return (
    <UserCenterPanel title="shell.titles.basicInfo">
      {loading && !user ? (
        <Spin />
      ) : user ? (
        <>
          <BasicInfoForm user={user} />
          <Divider />
          <Typography.Title level={2} className="section-title">{t("account.basicInfo.mobileSection")}</Typography.Title>
          <ChangeMobileForm current={changedMobile ?? user.mobile} onChanged={setChangedMobile} />
        </>
      ) : null}
    </UserCenterPanel>
  );
}
