import { useEffect, useRef } from "react";
import { drawChart, type ChartOption } from "./chartCanvas";

/**
 * One chart of the chain map. An image to assistive technology, named by `description`: the table
 * under it carries the same figures and the same drill-down for screen readers and keyboards.
 */
export function ChainChart({ option, description, testId, onPick }: { option: ChartOption; description: string; testId: string; onPick: (name: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof drawChart> | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!box.current) return;
    const drawn = drawChart(box.current, option, (name) => pick.current(name));
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

  return <div ref={box} role="img" aria-label={description} data-testid={testId} style={{ width: "100%", height: 280 }} />;
}
