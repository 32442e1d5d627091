import { Type, type Static } from "typebox";
import { NOTIFICATION_KINDS } from "../followups";
import { Count, Id, NullableText } from "./primitives";

/* The in-app notification centre (the header's bell). */

export const NotificationItem = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum([...NOTIFICATION_KINDS], { description: "followupDigest 每日待跟进摘要" }),
  /** The numbers the app's text of the kind shows. */
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), { description: "通知文字的参数，如 { overdue, today }" }),
  day: Type.String({ description: "所属日期 YYYY-MM-DD（服务器时区）" }),
  createdAt: Type.String({ description: "YYYY-MM-DD HH:mm:ss" }),
  readAt: NullableText("已读时间；未读为 null"),
});
export type NotificationItem = Static<typeof NotificationItem>;

export const NotificationList = Type.Object({
  records: Type.Array(NotificationItem, { description: "最近的通知，新的在前" }),
  unread: Count({ description: "未读通知数" }),
});
export type NotificationList = Static<typeof NotificationList>;

export const NotificationReadBody = Type.Object({
  ids: Type.Array(Id(), { minItems: 1, maxItems: 100, description: "标为已读的通知编号（只限自己的）" }),
});
export type NotificationReadBody = Static<typeof NotificationReadBody>;

export const NotificationRead = Type.Object({ unread: Count({ description: "仍未读的通知数" }) });
