import { useCan } from "@refinedev/core";
import { Spin, Tabs, Typography } from "antd";
import { Suspense, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { NoPermission } from "../../../components/NoPermission";
import { useT } from "../../../i18n/I18nContext";
import { lazyPart } from "../../../lazyPage";
import { UserList } from "./UserList";
import { USER_MANAGE_TAB_CODES } from "./userManageTabs";

// The users tab opens first and comes with the page; the others load when they are opened.
const CertificationList = lazyPart(async () => (await import("./CertificationList")).CertificationList);
const SessionList = lazyPart(async () => (await import("./SessionList")).SessionList);
const DimensionManager = lazyPart(async () => (await import("../../../../resources/dimensions/DimensionManager")).DimensionManager);

const lazyTab = (tab: ReactNode) => <Suspense fallback={<Spin />}>{tab}</Suspense>;

const TAB_PARAM = "tab";

/**
 * /userCenter/userManage: users, certification review, active sessions and questionnaire dimensions,
 * each tab present only for its menu code (SPEC 6). The open tab is in the URL beside its table's
 * page and filters.
 */
export default function UserManagePage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const access = {
    users: useCan({ resource: "users", action: "edit", params: { menuCode: USER_MANAGE_TAB_CODES.users } }).data,
    certifications: useCan({ resource: "certifications", action: "list", params: { menuCode: USER_MANAGE_TAB_CODES.certifications } }).data,
    sessions: useCan({ resource: "sessions", action: "list", params: { menuCode: USER_MANAGE_TAB_CODES.sessions } }).data,
    dimensions: useCan({ resource: "dimensions", action: "list", params: { menuCode: USER_MANAGE_TAB_CODES.dimensions } }).data,
  };
  // Until every answer is in, neither the tabs nor the no-permission state: either might be wrong.
  const deciding = Object.values(access).some((answer) => answer === undefined);

  const tabs = [
    access.users?.can && { key: "users", label: t("userManage.tabs.users"), children: <UserList /> },
    access.certifications?.can && { key: "certifications", label: t("userManage.tabs.certifications"), children: lazyTab(<CertificationList />) },
    access.sessions?.can && { key: "sessions", label: t("userManage.tabs.sessions"), children: lazyTab(<SessionList />) },
    access.dimensions?.can && { key: "dimensions", label: t("questionnaires.tab"), children: lazyTab(<DimensionManager />) },
  ].filter((tab) => !!tab);

  const requested = params.get(TAB_PARAM);
  const active = tabs.find((tab) => tab.key === requested)?.key ?? tabs[0]?.key;

  return (
    <>
      <Typography.Title level={1} className="page-title page-title--panel">
        {t("shell.titles.userManage")}
      </Typography.Title>
      {deciding ? (
        <Spin />
      ) : active ? (
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
