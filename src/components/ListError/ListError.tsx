import { Alert } from "antd";
import { NoPermission, isPermissionRefused } from "../NoPermission";
import { useT } from "../../i18n/I18nContext";

/**
 * What a tab shows when its list call fails. The list calls are silent, so this is the only report:
 * the shared no-permission state for a 403, the server's message otherwise.
 */
export function ListError({ error }: { error: Error }) {
  const t = useT();
  if (isPermissionRefused(error)) return <NoPermission />;
  return <Alert type="error" showIcon message={t("controls.list.loadFailed", { message: error.message })} />;
}

/** A refusal stays a refusal: only other failures are tried again (up to three times, as by default). */
export const retryUnlessRefused = (failures: number, error: Error): boolean => !isPermissionRefused(error) && failures < 3;
