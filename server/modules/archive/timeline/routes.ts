import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { MenuCode } from "../../../../contract/menus";
import { TimelineBody, TimelinePage } from "../../../../contract/schemas/serviceRecord";
import { signedInUser } from "../../../plugins/auth";
import { Enveloped, ok } from "../../../plugins/envelope";
import { CompanyScope } from "../../companies/owners";
import { Timeline } from "./service";

/** The archive's 动态 tab (issue 11 item 8). */
const timelineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const timeline = new Timeline({ db: app.db, timeZone: app.config.timeZone });
  const scope = new CompanyScope(app.db);

  app.post(
    "/api/archives/timeline",
    {
      config: { access: MenuCode.SERVICE_FILES, logAction: false },
      schema: {
        tags: ["敲门服务档案"],
        summary: "企业的动态：走访（按服务时间）、走访记录的修改与作废、问卷答案的修改（按修改时间），最新的在前",
        body: TimelineBody,
        response: { 200: Enveloped(TimelinePage) },
      },
    },
    async (request) => {
      await scope.check(signedInUser(request), [request.body.model.compId]);
      return ok(await timeline.page(request.body));
    },
  );
};

export default timelineRoutes;
