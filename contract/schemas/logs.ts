import { Type, type Static } from "typebox";
import { DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES } from "../limits";
import { ListSorts } from "../listSorts";
import { IdParams, NullableText, Orders, PageNumber, PageOf } from "./primitives";

/* The operation log (/logs): its list, export and one entry's details. */

const LogType = Type.Union([Type.Literal(1), Type.Literal(2)], { description: "1 登录，2 操作" });
const ExceptionType = Type.Union([Type.Literal(0), Type.Literal(1)], { description: "0 正常，1 异常" });
const DateText = (description: string) => Type.String({ maxLength: 19, description: `${description}：YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss` });

/** The filters of the log list and its export. */
export const LogFilter = Type.Object({
  logType: Type.Optional(LogType),
  exceptionType: Type.Optional(ExceptionType),
  userName: Type.Optional(Type.String({ maxLength: 100, description: "操作人（包含）" })),
  logAction: Type.Optional(Type.String({ maxLength: 200, description: "操作（包含）" })),
  lastModifiedDateBegin: Type.Optional(DateText("操作时间起")),
  lastModifiedDateEnd: Type.Optional(DateText("操作时间止（只有日期时含当天全天）")),
});
export type LogFilter = Static<typeof LogFilter>;

export const LogPageBody = Type.Object({
  current: PageNumber,
  size: Type.Enum([...LIST_PAGE_SIZES], { default: DEFAULT_PAGE_SIZE, description: "每页条数：10、50、100、500 或 1000" }),
  model: Type.Optional(LogFilter),
  orders: Type.Optional(Orders(ListSorts.logs)),
});

export const LogExportBody = Type.Object({ model: Type.Optional(LogFilter) });

const rowFields = {
  id: Type.Integer(),
  logAction: Type.String({ description: "操作" }),
  remoteAddr: NullableText("操作 IP"),
  lastModifiedDate: Type.String({ description: "操作时间 YYYY-MM-DD HH:mm:ss" }),
  logType: LogType,
  exceptionType: ExceptionType,
  userName: NullableText("操作人"),
};

/** One record of POST /api/logs/listData. */
export const LogRow = Type.Object(rowFields);
export type LogRow = Static<typeof LogRow>;

export const LogPage = PageOf(LogRow);

/** GET /api/logs/:id: the row's fields and what the request carried. */
export const LogDetail = Type.Object({
  ...rowFields,
  userId: Type.Union([Type.Integer(), Type.Null()], { description: "操作人的用户编号" }),
  method: NullableText("请求方法"),
  path: NullableText("请求路径"),
  params: NullableText("请求参数（JSON，密码与令牌已隐去，最多 2000 个字符）"),
  durationMs: Type.Union([Type.Integer(), Type.Null()], { description: "耗时（毫秒）" }),
  errorMessage: NullableText("错误信息"),
});
export type LogDetail = Static<typeof LogDetail>;

export const LogParams = IdParams("日志编号");
