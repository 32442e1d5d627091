import { useNotification } from "@refinedev/core";
import { DownloadOutlined } from "@ant-design/icons";
import type { CrudFilter } from "@refinedev/core";
import { Button } from "antd";
import { useState } from "react";
import { warningNotice } from "../../providers/notificationProvider";
import { useT } from "../../src/i18n/I18nContext";
import { exportLogs } from "./logCalls";

/** Exports the rows the current filters select as .xlsx; a failure shows SPEC 8's one warning. */
export function LogExportButton({ filters }: { filters: CrudFilter[] }) {
  const t = useT();
  const { open: toast } = useNotification();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      await exportLogs(filters, t("admin.logs.export.fileName"));
    } catch {
      toast?.(warningNotice(t("admin.logs.export.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid="log-export">
      {t("admin.logs.export.button")}
    </Button>
  );
}
