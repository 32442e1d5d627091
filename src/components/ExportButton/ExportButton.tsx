import { DownloadOutlined } from "@ant-design/icons";
import { useNotification } from "@refinedev/core";
import { Button } from "antd";
import { useState, type ReactNode } from "react";
import { ApiError } from "../../../providers/apiError";
import { warningNotice } from "../../../providers/notificationProvider";

/**
 * The warning of an export that failed: the server's reason where its refusal gives one (too many
 * rows, too many exports at once; a 4xx or a 503 envelope), else `failed`, the export's own wording.
 */
export function exportFailure(error: unknown, failed: string): string {
  const refused = error instanceof ApiError && error.code !== undefined && ((error.httpStatus >= 400 && error.httpStatus < 500) || error.httpStatus === 503);
  return refused && error.message ? error.message : failed;
}

/** A list's export button: busy while `run` downloads, and a failure shown as one warning (exportFailure). */
export function ExportButton({
  run,
  failed,
  testId,
  disabled,
  children,
}: {
  run: () => Promise<void>;
  /** The export's own wording of a failure. */
  failed: string;
  testId: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const { open: toast } = useNotification();
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    try {
      await run();
    } catch (error) {
      toast?.(warningNotice(exportFailure(error, failed)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={() => void start()} data-testid={testId}>
      {children}
    </Button>
  );
}
