import { type FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import QRCode from "qrcode";
import { Enveloped, ok } from "../../plugins/envelope";
import { SiteSettings } from "../../../contract/schemas/site";

export const GENERATED_QR_PATH = "/api/open/site/qr.svg";

/** The association's details the app shows in its header and footer, from the configuration. */
const siteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { site, publicUrl } = app.config;
  // Without a configured image, the QR code leads to the association site itself.
  const qrTarget = new URL(site.associationUrl, `${publicUrl}/`).href;
  const qrSvg = await QRCode.toString(qrTarget, { type: "svg", margin: 1, errorCorrectionLevel: "M" });

  const settings = {
    associationName: site.associationName,
    associationUrl: site.associationUrl,
    contactPhone: site.contactPhone,
    contactEmail: site.contactEmail,
    contactAddress: site.contactAddress,
    officialAccountQrUrl: site.officialAccountQrUrl ?? GENERATED_QR_PATH,
    customerServiceScript: site.customerServiceScript,
    aiProductUrl: site.aiProductUrl,
    aiProductContactPerson: site.aiProductContactPerson,
  };

  app.get(
    "/api/open/site",
    {
      config: { access: "public" },
      schema: { tags: ["站点"], summary: "站点信息：协会名称、联系方式、二维码、在线客服", response: { 200: Enveloped(SiteSettings) } },
    },
    async () => ok(settings),
  );

  app.get(
    GENERATED_QR_PATH,
    {
      config: { access: "public" },
      schema: { tags: ["站点"], summary: "协会网站的二维码（SVG）", produces: ["image/svg+xml"] },
    },
    async (_request, reply) => reply.type("image/svg+xml").header("cache-control", "public, max-age=3600").send(qrSvg),
  );
};

export default siteRoutes;
