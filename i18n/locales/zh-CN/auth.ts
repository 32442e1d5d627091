/** Sign-in, session and the session dialogs. */
const auth = {
  login: {
    username: "用户名",
    usernamePlaceholder: "请输入用户名",
    usernameRequired: "请输入用户名",
    password: "密码",
    passwordPlaceholder: "请输入密码",
    passwordRequired: "请输入密码",
    captcha: "验证码",
    captchaPlaceholder: "请输入验证码",
    captchaRequired: "请输入验证码",
    captchaAlt: "验证码，点击刷新",
    captchaFailed: "验证码加载失败，点击重试",
    submit: "登录",
    sso: "统一身份认证登录",
    ssoUnavailable: "单点登录暂不可用，请使用账号密码登录",
    or: "或",
    register: "注册新账号",
    retrievePassword: "忘记密码",
  },
  session: {
    expired: "登录已过期",
  },
  loginPrompt: {
    title: "登录提示",
    hint: "您还未登录，是否立即登录？",
    confirm: "立即登录",
    cancel: "取消",
  },
  certification: {
    title: "提示",
    underReview: "您的企业认证正在审核中，审核通过后即可使用相关功能。",
    progressLink: "查看企业认证进度",
    personalCenter: "前往个人中心",
    confirm: "确定",
  },
  signInErrors: {
    invalid_request: "授权参数缺失或错误",
    access_denied: "用户或授权服务拒绝授权",
    invalid_grant: "授权无效",
    invalid_scope: "授权范围不满足",
    unauthorized: "未授权",
  },
} as const;

export default auth;
