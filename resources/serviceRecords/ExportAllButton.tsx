import { useNotification } from "@refinedev/core";
import { DownloadOutlined } from "@ant-design/icons";
import { Button, Progress, Space } from "antd";
import { useState } from "react";
import { warningNotice } from "../../providers/notificationProvider";
import { useT } from "../../src/i18n/I18nContext";
import { exportReport } from "./archiveCalls";

/** SPEC 2 "Export all": downloads the company's archive, showing progress while it comes. */
export function ExportAllButton({ compId }: { compId: number }) {
  const t = useT();
  const { open: toast } = useNotification();
  const [percent, setPercent] = useState<number | null>(null);

  const run = async () => {
    setPercent(0);
    try {
      await exportReport(compId, t("archive.export.fileName"), setPercent);
    } catch {
      toast?.(warningNotice(t("archive.export.failed")));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Space>
      {percent !== null && (
        <Progress
          type="circle"
          size={28}
          percent={percent}
          aria-label={t("archive.export.progress", { percent })}
          data-testid="export-progress"
        />
      )}
      <Button icon={<DownloadOutlined />} loading={percent !== null} onClick={() => void run()} data-testid="export-all">
        {t("archive.export.button")}
      </Button>
    </Space>
  );
}
