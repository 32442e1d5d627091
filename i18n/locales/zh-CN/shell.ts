const shell = {
  platformTitle: "半导体产业专利导航服务平台",
  header: {
    backHome: "返回协会首页",
    greeting: "您好，{name}",
    /** The greeting's name for the administrator the seed creates (contract/users.ts SEEDED_ADMIN_NAME). */
    seededAdminName: "管理员",
    personalCenter: "个人中心",
    logout: "退出登录",
    switchTo: { "zh-CN": "中文", en: "English" },
  },
  footer: {
    association: "市半导体行业协会",
    phone: "电话",
    email: "邮箱",
    address: "地址",
    contactLine: "{label}：{value}",
    copyright: "© {year} {name} 版权所有",
    qrAlt: "协会公众号二维码",
    qrCaption: "扫码关注公众号",
  },
  titles: {
    home: "首页",
    login: "登录",
    register: "注册新账号",
    retrievePassword: "重置密码",
    authCallback: "登录授权",
    basicInfo: "账户信息",
    changePassword: "修改密码",
    userManage: "用户管理",
    accreditedInstitution: "企业认证",
    serviceFiles: "敲门服务档案",
    serviceFilesDetails: "服务信息",
    visits: "走访记录",
    userList: "用户列表",
    logs: "日志列表",
    statistics: "服务统计",
    patents: "专利检索",
    patentImport: "专利导入",
    patentChain: "产业链地图",
    patentWatches: "我的关注",
    patentProfile: "专利画像",
  },
  crumbs: {
    dataIntelligence: "数据智能",
  },
  home: {
    heading: "服务本市半导体产业的知识产权平台",
    intro: "面向会员企业提供专利导航查询，面向协会工作人员提供敲门服务档案与企业画像问卷管理。",
    features: {
      patnavi: { title: "专利导航", description: "按关键词检索半导体产业专利，洞察技术与竞争态势。" },
      serviceFiles: { title: "敲门服务档案", description: "记录走访服务，维护企业维度问卷与修改历史，一键导出档案。" },
      certification: { title: "企业认证", description: "提交企业资料完成认证，开通平台全部功能。" },
    },
  },
  notFound: {
    title: "页面不存在",
    description: "您访问的页面不存在或已被移除。",
    backHome: "返回首页",
  },
  pageError: {
    title: "页面加载失败，请检查网络后重试",
    retry: "重新加载",
  },
} as const;

export default shell;
