import { SIGN_IN_FAILED_PREFIX } from "../../../contract/logActions";
import { formatDateTime } from "../../db/time";

/** What the sign-in answers say to the user. */
export const AuthMessages = {
  captchaInvalid: "验证码错误或已失效",
  badCredentials: "用户名或密码错误",
  disabled: "账号已被停用",
  invalidClient: "客户端认证失败",
  unsupportedGrant: "不支持的授权类型",
  tokenInvalid: "登录已失效，请重新登录",
  sessionEnded: "会话已结束，请重新登录",
  forbidden: "没有权限执行此操作",
  passwordChangeRequired: "请先修改初始密码",
} as const;

export const missingParameter = (name: string) => `参数 ${name} 不能为空`;

/** The unlock time is rounded up to the minute so that trying again at the time shown works. */
export function lockedMessage(lockedUntil: Date, timeZone: string): string {
  const shown = new Date(Math.ceil(lockedUntil.getTime() / 60_000) * 60_000);
  return `账号已锁定，请于 ${formatDateTime(shown, timeZone).slice(11, 16)} 后再试`;
}

/** The operation-log action of a refused sign-in. */
export const signInFailed = (reason: string) => `${SIGN_IN_FAILED_PREFIX}${reason}`;
