import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { MenuCode } from "../../../contract/menus";
import { JumpUrl, LinkParams, RedirectBody } from "../../../contract/schemas/patnavi";
import { AppError } from "../../errors";
import { text } from "../../i18n";
import { signedInUser } from "../../plugins/auth";
import { Enveloped, ok } from "../../plugins/envelope";
import { requireApprovedCertification } from "./gate";

export const KEYWORDS_MAX = 200;

export const PatnaviMessages = {
  keywordsRequired: text("server.patnavi.keywordsRequired"),
  keywordsTooLong: text("server.patnavi.keywordsTooLong", { max: KEYWORDS_MAX }),
  typeRequired: text("server.auth.missingParameter", { name: "patNaviRedirectTypeEnum" }),
  unknownLink: text("server.patnavi.unknownLink"),
} as const;

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
