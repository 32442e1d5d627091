import { useEffect, useRef } from "react";
import { drawChart, type ChartOption } from "./echarts";

/**
 * One chart, drawn by ECharts into its box. The box is an image to assistive technology, named by
 * `description`; the figures themselves are in the table beside it, which is what screen readers
 * and keyboards use (the chart's tooltips need a pointer).
 */
export function StatisticsChart({ option, description, testId, height = 280 }: { option: ChartOption; description: string; testId: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof drawChart> | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const drawn = drawChart(box.current, option);
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
