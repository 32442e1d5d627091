import { Result } from "antd";
import { useT } from "../../i18n/I18nContext";

/** NoPermission's content, loaded when it is first shown (./NoPermission.tsx). */
export function NoPermissionResult() {
  const t = useT();
  return (
    <div data-testid="no-permission">
      <Result status="403" title={t("admin.noPermission.title")} subTitle={t("admin.noPermission.description")} />
    </div>
  );
}
