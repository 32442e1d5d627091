import { DownloadOutlined } from "@ant-design/icons";
import { useNotification } from "@refinedev/core";
import { Button } from "antd";
import { useState, type ReactNode } from "react";
import { warningNotice } from "../../../providers/notificationProvider";

/**
 * A list's export button: busy while `run` downloads, and a failure shown as one warning, worded by
 * `failure` from the error (a list's own wording, or the server's reason where it gives one).
 */
export function ExportButton({
  run,
  failure,
  testId,
  children,
}: {
  run: () => Promise<void>;
  failure: (error: unknown) => string;
  testId: string;
  children: ReactNode;
}) {
  const { open: toast } = useNotification();
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    try {
      await run();
    } catch (error) {
      toast?.(warningNotice(failure(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void start()} data-testid={testId}>
      {children}
    </Button>
  );
}
