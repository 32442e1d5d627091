import { Type, type Static } from "typebox";
import { IdParams } from "./primitives";
import { PatentFilter } from "./patents";

/*
 * Patent watches (issue 12 item 6): a saved search, an applicant or an IPC group; each import
 * notifies the watch's owner of its new matches in the notification centre.
 */

/** What a watch follows: a saved search (the search call's model), an applicant's name, an IPC group or prefix. */
export const PATENT_WATCH_KINDS = ["search", "applicant", "ipc"] as const;
export type PatentWatchKind = (typeof PATENT_WATCH_KINDS)[number];

/** Watches one user keeps at most. */
export const PATENT_WATCHES_MAX = 50;
/** The longest name of a watch. */
export const PATENT_WATCH_NAME_MAX = 50;
/** The longest applicant a watch names (the search's applicant filter's bound). */
export const PATENT_WATCH_APPLICANT_MAX = 100;
/** An IPC watch names at least a subclass (H01L) and at most the search's IPC filter's 20 characters. */
export const PATENT_WATCH_IPC_MIN = 4;
export const PATENT_WATCH_IPC_MAX = 20;
/**
 * One import notifies a watch's new matches one by one up to this many (the latest imported
 * first); the rest are counted in one summarising notice that opens the watch's search.
 */
export const PATENT_WATCH_NOTICES_MAX = 20;

export const PatentWatchBody = Type.Object({
  kind: Type.Enum(PATENT_WATCH_KINDS, { description: "search 保存的检索；applicant 申请人；ipc IPC 分类号（大组或前缀）" }),
  name: Type.String({ minLength: 1, maxLength: PATENT_WATCH_NAME_MAX, description: "关注名称" }),
  model: Type.Optional(PatentFilter),
  applicant: Type.Optional(Type.String({ maxLength: PATENT_WATCH_APPLICANT_MAX, description: "kind 为 applicant 时：申请（专利权）人名称（与检索的申请人条件相同，包含即匹配）" })),
  ipc: Type.Optional(Type.String({ maxLength: PATENT_WATCH_IPC_MAX, description: "kind 为 ipc 时：IPC 大组或前缀，如 H01L21" })),
});
export type PatentWatchBody = Static<typeof PatentWatchBody>;

export const PatentWatch = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(PATENT_WATCH_KINDS),
  name: Type.String(),
  /** The search the watch matches as: the saved model, or `{ applicant }`, or `{ ipc }`. */
  model: PatentFilter,
  createdAt: Type.String({ description: "YYYY-MM-DD HH:mm:ss" }),
});
export type PatentWatch = Static<typeof PatentWatch>;

export const PatentWatches = Type.Object({
  records: Type.Array(PatentWatch, { description: "本人的关注，新的在前" }),
  max: Type.Integer({ description: "每人最多可保存的关注数" }),
});
export type PatentWatches = Static<typeof PatentWatches>;

export const PatentWatchIdParams = IdParams("关注编号");
