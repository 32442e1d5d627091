/*
 * The parts of ECharts the app draws with, registered once: bar, line and pie charts, their grid,
 * tooltip and legend, on the SVG renderer. Imported only through Chart, which only the pages that
 * show charts (the statistics, the chain map) import, so no other page carries ECharts.
 */
import { BarChart, LineChart, PieChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

/** Draws `option` into `element`, calling `onPick` (when given) with the name of a clicked bar, point or slice. */
export function drawChart(element: HTMLElement, option: ChartOption, onPick?: (name: string) => void) {
  const chart = echarts.init(element, undefined, { renderer: "svg" });
  chart.setOption(option);
  if (onPick) chart.on("click", (event) => onPick(String(event.name)));
  return {
    update: (next: ChartOption) => chart.setOption(next, { notMerge: true }),
    resize: () => chart.resize(),
    dispose: () => chart.dispose(),
  };
}
