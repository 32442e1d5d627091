/** 服务统计 (/statistics, issue 11): the period, the figures, the charts and their tables, the report. */
const statistics = {
  period: "统计期",
  query: "统计",
  presets: {
    thisYear: "今年",
    lastYear: "去年",
    last12Months: "近 12 个月",
  },
  totals: {
    visits: "走访次数",
    companies: "走访企业数",
    companiesRegistered: "登记企业数",
    coverage: "覆盖率",
    patnaviOpened: "开通专利导航账号的企业",
  },
  charts: {
    month: "每月走访",
    researcher: "调研人员走访",
    evaluation: "综合评价分布",
    coverage: "企业覆盖率",
    segment: "按产业链环节",
    district: "按所在区域",
    /** The chart's text alternative, read before its table. */
    description: "{title}：共 {count} 项，数据见下表。",
    visited: "已走访",
    notVisited: "未走访",
  },
  columns: {
    key: "分组",
    visits: "走访次数",
    companies: "走访企业数",
  },
  /** A figure's link to the visit list it counts. */
  drill: "查看 {label} 的走访记录",
  drillAll: "查看统计期内的全部走访记录",
  none: "未填写",
  unlinked: "其他（未关联用户）",
  noData: "统计期内暂无走访",
  report: {
    xlsx: "导出报告（Excel）",
    docx: "导出报告（Word）",
    fileName: "服务统计报告",
    failed: "导出失败",
  },
  tooLong: "统计期不能超过 5 年",
};

export default statistics;
