import { Type, type Static } from "typebox";
import { STATISTICS_GROUP_BYS, STATISTICS_REPORT_FORMATS } from "../statistics";

/* 服务统计 (issue 11): the visit figures of a period by one grouping, and the annual service report. */

const Day = (description: string) => Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: `${description}：YYYY-MM-DD` });

const period = {
  from: Day("统计期起（含当天）"),
  to: Day("统计期止（含当天）；统计期不超过 5 年"),
};

/** POST /api/statistics/visits. */
export const StatisticsBody = Type.Object({
  ...period,
  groupBy: Type.Enum(STATISTICS_GROUP_BYS, { description: "分组：month 按月，researcher 按调研人员，evaluation 按综合评价，segment 按产业链环节，district 按所在区域" }),
});
export type StatisticsBody = Static<typeof StatisticsBody>;

export const StatisticsRow = Type.Object({
  key: Type.String({ description: "分组的值：月份 YYYY-MM、调研人员姓名、综合评价/产业链环节/区域的代码；空字符串为未填写" }),
  label: Type.String({ description: "分组的名称（按请求的语言）" }),
  visits: Type.Integer({ description: "走访次数" }),
  companies: Type.Integer({ description: "走访的企业数（去重）" }),
});
export type StatisticsRow = Static<typeof StatisticsRow>;

export const StatisticsTotals = Type.Object({
  visits: Type.Integer({ description: "统计期内的走访次数" }),
  companies: Type.Integer({ description: "统计期内走访过的企业数" }),
  companiesRegistered: Type.Integer({ description: "登记的企业数（覆盖率的分母）" }),
  patnaviOpened: Type.Integer({ description: "统计期内有走访记为已开通专利导航账号的企业数" }),
});
export type StatisticsTotals = Static<typeof StatisticsTotals>;

export const Statistics = Type.Object({ rows: Type.Array(StatisticsRow), totals: StatisticsTotals });
export type Statistics = Static<typeof Statistics>;

/** GET /api/statistics/report. */
export const StatisticsReportQuery = Type.Object({
  ...period,
  format: Type.Enum(STATISTICS_REPORT_FORMATS, { description: "xlsx 或 docx" }),
});
export type StatisticsReportQuery = Static<typeof StatisticsReportQuery>;
