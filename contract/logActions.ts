/**
 * The operation log's actions: the Chinese text the server stores in a row's logAction, under a
 * stable key the app translates (admin.logs.actions.<key>). The server's routes name their action
 * from this table; a text not in it (older rows, a route that says otherwise) is shown as stored.
 */
export const LogAction = {
  signedIn: "登录成功",
  signedOut: "退出登录",
  refreshReused: "刷新令牌被重复使用，会话已终止",
  registered: "注册账号",
  passwordRetrieved: "找回密码",
  passwordChanged: "修改密码",
  profileUpdated: "修改个人信息",
  mobileChanged: "更换手机号",
  smsCodeSent: "发送短信验证码",
  fileUploaded: "上传文件",
  userCreated: "新增用户",
  userUpdated: "修改用户",
  userRolesAssigned: "分配用户角色",
  userDisabled: "停用用户",
  userEnabled: "启用用户",
  userDeleted: "删除用户",
  userPasswordReset: "重置用户密码",
  sessionEnded: "结束用户会话",
  certificationSubmitted: "提交企业认证",
  certificationApproved: "企业认证审核通过",
  certificationRejected: "驳回企业认证",
  companyCreated: "新增企业",
  companyUpdated: "修改企业",
  companiesImported: "导入企业",
  companyOwnersSet: "设置企业负责人",
  logsExported: "导出操作日志",
  answersSaved: "保存维度问卷",
  recordCreated: "新增走访记录",
  recordUpdated: "修改走访记录",
  recordVoided: "作废走访记录",
  archiveExported: "导出敲门服务档案",
  statisticsReportExported: "导出服务统计报告",
  visitsExported: "导出走访记录",
  dimensionSaved: "保存维度",
  dimensionDeleted: "删除维度",
  questionSaved: "保存问题",
  questionDeleted: "删除问题",
  followupClosed: "关闭跟进事项",
  followupRuleSet: "设置企业跟进规则",
  patentsImported: "导入专利",
  patentsExported: "导出专利",
  patentPresetSaved: "保存专利导入映射方案",
  patentWatchSaved: "添加专利关注",
  patentWatchDeleted: "删除专利关注",
} as const;
export type LogActionKey = keyof typeof LogAction;
export type LogActionText = (typeof LogAction)[LogActionKey];

/** A refused sign-in is logged as this prefix and the refusal's message. */
export const SIGN_IN_FAILED_PREFIX = "登录失败：";

const KEY_OF_TEXT = new Map<string, LogActionKey>(Object.entries(LogAction).map(([key, text]) => [text, key as LogActionKey]));

/** The stable key of a stored action text; undefined for a text outside the table. */
export const logActionKeyOf = (text: string): LogActionKey | undefined => KEY_OF_TEXT.get(text);
