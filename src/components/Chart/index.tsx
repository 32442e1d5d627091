import { useEffect, useRef } from "react";
import { drawChart, type ChartOption } from "./echarts";

export type { ChartOption };

/**
 * One chart, drawn by ECharts into its box. The box is an image to assistive technology, named by
 * `description`: the pages put the same figures (and drill-downs) in a table beside it, which is
 * what screen readers and keyboards use, since the chart's tooltips and clicks need a pointer.
 */
export function Chart({
  option,
  description,
  testId,
  height = 280,
  onPick,
}: {
  option: ChartOption;
  description: string;
  testId: string;
  height?: number;
  /** Called with the name of a clicked bar, point or slice. */
  onPick?: (name: string) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof drawChart> | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!box.current) return;
    const drawn = drawChart(box.current, option, (name) => pick.current?.(name));
    chart.current = drawn;
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => drawn.resize());
    observer?.observe(box.current);
    return () => {
      observer?.disconnect();
      drawn.dispose();
      chart.current = null;
    };
    // Drawn once per mount; later options update the same chart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    chart.current?.update(option);
  }, [option]);

  return <div ref={box} role="img" aria-label={description} data-testid={testId} style={{ width: "100%", height }} />;
}
