import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { NotificationList, NotificationRead, NotificationReadBody } from "../../../contract/schemas/notifications";
import { signedInUser } from "../../plugins/auth";
import { Enveloped, ok } from "../../plugins/envelope";
import { Notifications } from "./service";

const TAGS = ["通知"];

/** The header's notification centre: the signed-in user's own notifications. */
const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const notifications = new Notifications({ db: app.db, dialect: app.dialect, timeZone: app.config.timeZone });

  app.get(
    "/api/notifications",
    {
      config: { access: "signedIn", logAction: false },
      schema: { tags: TAGS, summary: "本人最近的通知（新的在前，最多 20 条）及未读数", response: { 200: Enveloped(NotificationList) } },
    },
    async (request) => ok(await notifications.list(signedInUser(request).id)),
  );

  app.post(
    "/api/notifications/read",
    {
      config: { access: "signedIn", logAction: false },
      schema: { tags: TAGS, summary: "把本人的通知标为已读；答复仍未读的数目", body: NotificationReadBody, response: { 200: Enveloped(NotificationRead) } },
    },
    async (request) => ok({ unread: await notifications.markRead(signedInUser(request).id, request.body.ids, new Date()) }, { status: 1 }),
  );
};

export default notificationRoutes;
