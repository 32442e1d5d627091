import { useNotification } from "@refinedev/core";
import { DownloadOutlined } from "@ant-design/icons";
import { Button, Space } from "antd";
import { Suspense, useState } from "react";
import { warningNotice } from "../../providers/notificationProvider";
import { exportFailure } from "../../src/components/ExportButton";
import { useT } from "../../src/i18n/I18nContext";
import { lazyPart } from "../../src/lazyPage";
import { exportReport } from "./archiveCalls";

// antd's Progress loads when an export starts rather than with every archive (issue 10 item 8).
const ExportProgress = lazyPart(async () => (await import("./ExportProgress")).ExportProgress);

/** SPEC 2 "Export all": downloads the company's archive, showing progress while it comes. */
export function ExportAllButton({ compId }: { compId: number }) {
  const t = useT();
  const { open: toast } = useNotification();
  const [percent, setPercent] = useState<number | null>(null);

  const run = async () => {
    setPercent(0);
    try {
      await exportReport(compId, t("archive.export.fileName"), setPercent);
    } catch (error) {
      toast?.(warningNotice(exportFailure(error, t("archive.export.failed"))));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Space>
      {percent !== null && (
        <Suspense fallback={null}>
          <ExportProgress percent={percent} label={t("archive.export.progress", { percent })} />
        </Suspense>
      )}
      <Button icon={<DownloadOutlined />} loading={percent !== null} onClick={() => void run()} data-testid="export-all">
        {t("archive.export.button")}
      </Button>
    </Space>
  );
}
