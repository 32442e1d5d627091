import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { Area } from "../../../contract/schemas/areas";
import { Enveloped, ok } from "../../plugins/envelope";

/** The city's districts: CITY_AREAS when configured, otherwise the areas table as seeded. */
const areasRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const configured = app.config.cityAreas;

  app.get(
    "/portal/areas/list",
    {
      config: { access: "public" },
      schema: { tags: ["地区"], summary: "本市的区（市、县）及功能区", response: { 200: Enveloped(Type.Array(Area)) } },
    },
    async () => {
      if (configured) return ok([...configured]);
      return ok(await app.db.selectFrom("areas").select(["code", "name"]).orderBy("sort").orderBy("code").execute());
    },
  );
};

export default areasRoutes;
