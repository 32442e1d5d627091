/*
 * The parts of ECharts the statistics page draws with, registered once: bar and pie charts, their
 * grid, tooltip and legend, on the SVG renderer. Imported only by StatisticsChart, which loads with
 * the statistics page, so no other page carries ECharts.
 */
import { BarChart, PieChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";

echarts.use([BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

/** Draws `option` into `element`; returns how to redraw, resize and dispose of it. */
export function drawChart(element: HTMLElement, option: ChartOption) {
  const chart = echarts.init(element, undefined, { renderer: "svg" });
  chart.setOption(option);
  return {
    update: (next: ChartOption) => chart.setOption(next, { notMerge: true }),
    resize: () => chart.resize(),
    dispose: () => chart.dispose(),
  };
}
