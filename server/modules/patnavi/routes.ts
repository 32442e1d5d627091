import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { MenuCode } from "../../../contract/menus";
import { AppError } from "../../errors";
import { signedInUser } from "../../plugins/auth";
import { Enveloped, ok } from "../../plugins/envelope";
import { requireApprovedCertification } from "./gate";

export const KEYWORDS_MAX = 200;

export const PatnaviMessages = {
  keywordsRequired: "请输入检索关键词",
  keywordsTooLong: `检索关键词不能超过 ${KEYWORDS_MAX} 个字符`,
  typeRequired: "参数 patNaviRedirectTypeEnum 不能为空",
  unknownLink: "平台链接不存在",
} as const;

const RedirectBody = Type.Object({
  patNaviRedirectTypeEnum: Type.Optional(Type.Literal("PATENT_LIST", { description: "PATENT_LIST：专利检索结果列表" })),
  keywords: Type.Optional(Type.String({ description: "检索关键词（PATENT_LIST 时必填）" })),
  code: Type.Optional(Type.String({ description: "平台链接编号，如 A4（平台链接页）" })),
});

const JumpUrl = Type.Object({ jumpUrl: Type.String({ description: "跳转地址" }) });

const LinkParams = Type.Object({ id: Type.String({ title: "id", description: "平台链接编号，如 A4" }) });

/**
 * The hand-off to the patent-navigation platform (PATNAVI_URL): a patent query, or one of the
 * platform's link pages by its code. Only for members whose enterprise certification is approved.
 */
const patnaviRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { patnaviUrl, patnaviHomeUrl } = app.config;
  const links = new Map([["A4", patnaviHomeUrl]]);

  const linkUrl = (code: string) => {
    const url = links.get(code);
    if (url === undefined) throw AppError.notFound(PatnaviMessages.unknownLink);
    return url;
  };

  const certified = async (request: FastifyRequest) => requireApprovedCertification(app.db, signedInUser(request));

  app.post(
    "/api/spsp/patnavi/getPatnaviRedirectUrl",
    {
      config: { access: MenuCode.PATNAVI, logAction: false },
      schema: { tags: ["专利导航"], summary: "专利导航跳转地址：关键词检索（PATENT_LIST）或平台链接（code）", body: RedirectBody, response: { 200: Enveloped(JumpUrl) } },
      preHandler: certified,
    },
    async (request) => {
      const { patNaviRedirectTypeEnum, keywords, code } = request.body;
      if (code !== undefined) return ok({ jumpUrl: linkUrl(code.trim()) });
      if (patNaviRedirectTypeEnum === undefined) throw AppError.badRequest(PatnaviMessages.typeRequired);
      const words = keywords?.trim() ?? "";
      if (!words) throw AppError.badRequest(PatnaviMessages.keywordsRequired);
      if ([...words].length > KEYWORDS_MAX) throw AppError.badRequest(PatnaviMessages.keywordsTooLong);
      return ok({ jumpUrl: patnaviUrl.replaceAll("{keywords}", encodeURIComponent(words)) });
    },
  );

  app.get(
    "/api/spsp/sdip/:id/url",
    {
      config: { access: MenuCode.PATNAVI },
      schema: { tags: ["专利导航"], summary: "平台链接的跳转地址", params: LinkParams, response: { 200: Enveloped(JumpUrl) } },
      preHandler: certified,
    },
    async (request) => ok({ jumpUrl: linkUrl(request.params.id) }),
  );
};

export default patnaviRoutes;
