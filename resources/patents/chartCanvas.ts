/*
 * The parts of ECharts the chain map draws with, registered once: bar, line and pie charts on the
 * SVG renderer. Imported only by ChainChart, which loads with the chain map, so no other page
 * carries ECharts for it.
 */
import { BarChart, LineChart, PieChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

/** Draws `option` into `element`, calling `onPick` with the name of a clicked bar, point or slice. */
export function drawChart(element: HTMLElement, option: ChartOption, onPick: (name: string) => void) {
  const chart = echarts.init(element, undefined, { renderer: "svg" });
  chart.setOption(option);
  chart.on("click", (event) => onPick(String(event.name)));
  return {
    update: (next: ChartOption) => chart.setOption(next, { notMerge: true }),
    resize: () => chart.resize(),
    dispose: () => chart.dispose(),
  };
}
