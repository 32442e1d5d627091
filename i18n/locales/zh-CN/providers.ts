/** Fallback texts of the request layer, for failures that carry no server message. */
const providers = {
  networkError: "网络异常，请稍后重试",
  timeout: "请求超时，请稍后重试",
  sessionEnded: "会话已结束，请重新登录",
  requestFailed: "请求失败，请稍后重试",
} as const;

export default providers;
