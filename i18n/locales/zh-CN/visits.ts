/** Every visit record the user may see, across companies (/visits, issue 11); also the .xlsx export's columns. */
const visits = {
  filter: {
    company: "企业",
    companyPlaceholder: "请输入关键词搜索企业",
    researcher: "调研人员",
    researcherPlaceholder: "请选择调研人员",
    dateRange: "服务时间",
    evaluation: "综合评价",
    segment: "产业链环节",
    district: "所在区域",
    all: "全部",
    search: "查询",
    reset: "重置",
  },
  columns: {
    index: "序号",
    companyName: "企业名称",
    segment: "产业链环节",
    researchers: "调研人员",
    contactPerson: "联系人",
    contactPersonPhone: "联系电话",
    comprehensiveEvaluation: "综合评价",
    serviceTime: "服务时间",
    operation: "操作",
    view: "查看",
    empty: "--",
  },
  table: {
    noData: "暂无数据",
    total: "共 {total} 条",
  },
  export: {
    button: "导出",
    fileName: "走访记录.xlsx",
    failed: "导出失败",
  },
};

export default visits;
