import { Type, type Static } from "typebox";
import { NullableText } from "./primitives";

/** GET /portal/site/settings: what the shell shows of the association; null where not configured. */
export const SiteSettings = Type.Object({
  associationName: Type.String({ description: "协会名称" }),
  associationUrl: Type.String({ description: "协会官网地址" }),
  contactPhone: Type.String(),
  contactEmail: Type.String(),
  contactAddress: Type.String(),
  officialAccountQrUrl: Type.String({ description: "公众号二维码图片地址" }),
  customerServiceScript: NullableText("在线客服组件脚本地址；未配置时为 null"),
  aiProductUrl: NullableText("AI 专利管理产品地址；未配置时为 null"),
  aiProductContactPerson: Type.String({ description: "AI 专利管理产品联系人；未配置时为空" }),
});
export type SiteSettings = Static<typeof SiteSettings>;
