import { useOne, type BaseKey } from "@refinedev/core";
import { Alert, Descriptions, Drawer, Spin } from "antd";
import type { ReactNode } from "react";
import { NoPermission, isPermissionRefused } from "../../src/components/NoPermission";
import { useT } from "../../src/i18n/I18nContext";
import { logActionLabel, logTypeKey, statusKey, type LogDetail } from "./logRow";

/** Every field GET /api/logs/:id gives, in the order the drawer lists them. */
const FIELDS: readonly (keyof LogDetail)[] = [
  "id",
  "logAction",
  "remoteAddr",
  "lastModifiedDate",
  "logType",
  "exceptionType",
  "userName",
  "userId",
  "method",
  "path",
  "params",
  "durationMs",
  "errorMessage",
];

/** One log's every field, opened from its row; closed when no id is given. */
export function LogDetailDrawer({ id, onClose }: { id: BaseKey | undefined; onClose: () => void }) {
  const t = useT();
  const { query, result } = useOne<LogDetail>({
    resource: "logs",
    id,
    meta: { request: { silent: true } },
    queryOptions: { enabled: id !== undefined, retry: false },
  });

  const shown = (field: keyof LogDetail, log: LogDetail): ReactNode => {
    if (field === "logType") return t(logTypeKey(log.logType));
    if (field === "exceptionType") return t(statusKey(log.exceptionType));
    if (field === "logAction") return logActionLabel(log.logAction, t);
    const value = log[field];
    if (value === null || value === undefined || value === "") return "-";
    return field === "params" || field === "errorMessage" ? (
      <pre style={{ margin: 0, whiteSpace: "pre-wrap", wordBreak: "break-all" }}>{String(value)}</pre>
    ) : (
      String(value)
    );
  };

  let body: ReactNode;
  if (query.isError) {
    body = isPermissionRefused(query.error) ? <NoPermission /> : <Alert type="error" showIcon message={t("admin.logs.detail.loadFailed")} />;
  } else if (!result || String(result.id) !== String(id)) {
    body = <Spin style={{ display: "block", margin: "40px auto" }} />;
  } else {
    body = (
      <Descriptions column={1} bordered size="small">
        {FIELDS.map((field) => (
          <Descriptions.Item key={field} label={t(`admin.logs.fields.${field}`)}>
            {shown(field, result)}
          </Descriptions.Item>
        ))}
      </Descriptions>
    );
  }

  return (
    <Drawer open={id !== undefined} onClose={onClose} width={640} title={t("admin.logs.detail.title")} destroyOnHidden>
      <div data-testid="log-detail">{body}</div>
    </Drawer>
  );
}
