import { Type, type Static } from "typebox";

/* The hand-off to the patent-navigation platform: a patent query, or one of its link pages by code. */

export const RedirectBody = Type.Object({
  patNaviRedirectTypeEnum: Type.Optional(Type.Literal("PATENT_LIST", { description: "PATENT_LIST：专利检索结果列表" })),
  keywords: Type.Optional(Type.String({ description: "检索关键词（PATENT_LIST 时必填）" })),
  code: Type.Optional(Type.String({ description: "平台链接编号，如 A4（平台链接页）" })),
});

/** Where the platform takes the browser. */
export const JumpUrl = Type.Object({ jumpUrl: Type.String({ description: "跳转地址" }) });
export type JumpUrl = Static<typeof JumpUrl>;

export const LinkParams = Type.Object({ id: Type.String({ title: "id", description: "平台链接编号，如 A4" }) });
