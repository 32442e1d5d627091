import { LogAction, SIGN_IN_FAILED_PREFIX } from "../../../contract/logActions";

/** The administration screens: navigation, the no-permission state, the user list and the log list. */
const admin = {
  nav: {
    label: "主导航",
  },
  /** Menu names by menu code (contract/menus.ts); the server's name shows for a code not listed. */
  menus: {
    patnavi: "专利导航",
    userCenter: "个人中心",
    "userCenter:certification": "企业认证",
    serviceFiles: "敲门服务档案",
    "serviceFiles:visits": "走访记录",
    admin: "系统管理",
    "admin:users": "用户列表",
    "admin:users:edit": "用户管理",
    "admin:logs": "操作日志",
    "serviceFiles:followups": "我的待跟进",
    statistics: "服务统计",
    patents: "专利检索",
    "patents:import": "专利导入",
  },
  /** The built-in roles by their code (contract/menus.ts RoleCode). */
  roles: {
    admin: "管理员",
    staff: "协会工作人员",
    member: "会员企业",
    manager: "协会管理人员",
    analyst: "专利分析人员",
  },
  noPermission: {
    title: "没有权限",
    description: "您没有访问此页面的权限，如需访问请联系管理员。",
  },
  users: {
    columns: {
      index: "序号",
      username: "用户名",
      name: "姓名",
      mobile: "手机号",
      createdDate: "创建时间",
    },
  },
  logs: {
    columns: {
      index: "序号",
      actions: "详情",
    },
    /** The log row's fields, as the list's columns and the detail's labels name them. */
    fields: {
      id: "编号",
      logAction: "操作",
      remoteAddr: "操作IP",
      lastModifiedDate: "操作时间",
      logType: "日志类型",
      exceptionType: "状态",
      userName: "操作人",
      userId: "操作人编号",
      method: "请求方法",
      path: "请求路径",
      params: "请求参数",
      durationMs: "耗时（毫秒）",
      errorMessage: "错误信息",
    },
    logType: {
      login: "登录",
      operation: "操作",
    },
    status: {
      normal: "正常",
      abnormal: "异常",
    },
    /** By the stable key of contract/logActions.ts, whose texts are the Chinese ones the server stores. */
    actions: {
      ...LogAction,
      signInFailed: `${SIGN_IN_FAILED_PREFIX}{reason}`,
    },
    filter: {
      logType: "日志类型",
      exceptionType: "状态",
      userName: "操作人",
      logAction: "操作",
      dateRange: "操作日期",
      all: "全部",
      userNamePlaceholder: "请输入操作人",
      logActionPlaceholder: "请输入操作内容",
      submit: "查询",
      reset: "重置",
    },
    detail: {
      open: "查看",
      title: "日志详情",
      loadFailed: "日志详情加载失败",
    },
    export: {
      button: "导出",
      failed: "导出失败",
      fileName: "操作日志.xlsx",
    },
  },
};

export default admin;
