import { Progress } from "antd";

/** The export's progress ring (ExportAllButton loads it when an export starts). */
export function ExportProgress({ percent, label }: { percent: number; label: string }) {
  return <Progress type="circle" size={28} percent={percent} aria-label={label} data-testid="export-progress" />;
}
