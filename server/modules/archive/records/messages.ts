import type { ServiceRecordMessageKey } from "../../../../contract/serviceRecord";
import archive from "../../../../src/i18n/locales/zh-CN/archive";

/** The form's own Chinese messages (the zh-CN catalog), so the server says exactly what the form says. */
export const validationMessage = (key: ServiceRecordMessageKey): string => archive.validation[key];

export const RecordMessages = {
  notFound: "走访记录不存在",
  unknownCompany: "所选企业不存在",
  badDate: "请输入正确的日期",
  saved: "保存成功",
  attachmentMissing: "附件不存在，请重新上传",
  attachmentNotOffice: "附件不是有效的 .docx、.xlsx 或 .pptx 文档",
} as const;
