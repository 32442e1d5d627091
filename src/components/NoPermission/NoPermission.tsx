import { Result } from "antd";
import { useT } from "../../i18n/I18nContext";

/**
 * What a page shows in place of its content when the server refuses its calls (HTTP 403): one calm
 * statement instead of an error toast per call. Navigation itself is never blocked (SPEC 6).
 */
export function NoPermission() {
  const t = useT();
  return (
    <div data-testid="no-permission">
      <Result status="403" title={t("admin.noPermission.title")} subTitle={t("admin.noPermission.description")} />
    </div>
  );
}
