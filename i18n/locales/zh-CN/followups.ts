/** 我的待跟进 (/followups), the header's follow-up badge and notification bell, and the company's follow-up rule. */
const followups = {
  title: "我的待跟进",
  filters: {
    label: "到期范围",
    overdue: "已逾期",
    today: "今天",
    week: "7 天内",
    all: "全部",
  },
  columns: {
    index: "序号",
    companyName: "企业名称",
    nextFollowTime: "应跟进时间",
    state: "状态",
    source: "来源",
    researchers: "最近调研人员",
    lastServiceTime: "最近走访时间",
    actions: "操作",
    empty: "—",
  },
  states: {
    overdue: "已逾期",
    today: "今天",
    upcoming: "未到期",
  },
  sources: {
    visit: "走访约定的下次跟进",
    rule: "超过 {days} 天未走访",
  },
  never: "从未走访",
  actions: {
    record: "录入走访",
    close: "关闭",
    archive: "查看档案",
  },
  table: {
    total: "共 {total} 项",
  },
  close: {
    title: "关闭待跟进：{company}",
    note: "关闭说明",
    notePlaceholder: "例如：电话沟通已解决，无需上门",
    noteRequired: "请填写关闭说明",
    noteTooLong: "关闭说明不能超过 {max} 个字符",
    submit: "关闭",
    cancel: "取消",
    done: "已关闭该待跟进事项",
  },
  badge: {
    label: "我的待跟进：已逾期和今天共 {count} 项",
  },
  notifications: {
    bell: "通知",
    bellUnread: "通知，{count} 条未读",
    title: "通知",
    empty: "暂无通知",
    markAllRead: "全部标为已读",
    unread: "未读",
    kinds: {
      followupDigest: "今日待跟进：已逾期 {overdue} 项，今天到期 {today} 项",
      patentWatchMatch: "关注“{watch}”有新专利：{number} {title}",
      patentWatchSummary: "关注“{watch}”另有 {count} 件新专利，查看检索结果",
    },
    open: "查看我的待跟进",
  },
  rule: {
    action: "跟进规则",
    title: "跟进规则：{company}",
    label: "超过多少天未走访即列入负责人的待跟进",
    none: "不设置",
    days: "{days} 天",
    save: "保存",
    cancel: "取消",
    saved: "已保存跟进规则",
  },
};
export default followups;
