import { Tabs, Typography } from "antd";
import { useSearchParams } from "react-router";
import { DimensionManager } from "../../../../resources/dimensions/DimensionManager";
import { useCanMenu } from "../../../access";
import { NoPermission } from "../../../components/NoPermission";
import { useT } from "../../../i18n/I18nContext";
import { CertificationList } from "./CertificationList";
import { SessionList } from "./SessionList";
import { UserList } from "./UserList";
import { USER_MANAGE_TAB_CODES } from "./userManageTabs";

const TAB_PARAM = "tab";

/**
 * /userCenter/userManage: users, certification review, active sessions and questionnaire dimensions,
 * each tab present only for its menu code (SPEC 6). The open tab is in the URL beside its table's
 * page and filters.
 */
export default function UserManagePage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const canUsers = useCanMenu(USER_MANAGE_TAB_CODES.users);
  const canCertifications = useCanMenu(USER_MANAGE_TAB_CODES.certifications);
  const canSessions = useCanMenu(USER_MANAGE_TAB_CODES.sessions);
  const canDimensions = useCanMenu(USER_MANAGE_TAB_CODES.dimensions);

  const tabs = [
    canUsers && { key: "users", label: t("userManage.tabs.users"), children: <UserList /> },
    canCertifications && { key: "certifications", label: t("userManage.tabs.certifications"), children: <CertificationList /> },
    canSessions && { key: "sessions", label: t("userManage.tabs.sessions"), children: <SessionList /> },
    canDimensions && { key: "dimensions", label: t("questionnaires.tab"), children: <DimensionManager /> },
  ].filter((tab) => tab !== false);

  const requested = params.get(TAB_PARAM);
  const active = tabs.find((tab) => tab.key === requested)?.key ?? tabs[0]?.key;

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t("shell.titles.userManage")}
      </Typography.Title>
      {active ? (
        <Tabs
          activeKey={active}
          items={tabs}
          // Each table keeps its page and filters in the query; a tab starts from its own defaults.
          onChange={(key) => setParams({ [TAB_PARAM]: key })}
          destroyOnHidden
        />
      ) : (
        <NoPermission />
      )}
    </>
  );
}
