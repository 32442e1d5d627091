import { Type, type Static } from "typebox";
import { FOLLOWUP_STATES, FOLLOWUP_DUES, FOLLOWUP_NOTE_MAX, FOLLOWUP_PAGE_MAX, FOLLOWUP_RULE_DAYS, FOLLOWUP_SOURCES } from "../followups";
import { Count, Id, IdParams, NullableText, PageNumber, PageOf, PageSize } from "./primitives";

/* 我的待跟进 (/followups): the user's companies' follow-ups, the header's counts, closing one, and the no-visit rule. */

const Due = Type.Enum([...FOLLOWUP_DUES], { description: "overdue 已逾期（今天以前），today 今天，week 今天起 7 天内，all 全部" });

export const FollowupPageBody = Type.Object({
  current: PageNumber,
  size: PageSize(FOLLOWUP_PAGE_MAX, 10),
  model: Type.Optional(Type.Object({ due: Type.Optional(Due) })),
});
export type FollowupPageBody = Static<typeof FollowupPageBody>;

/** One follow-up: one a company at most. */
export const FollowupRow = Type.Object({
  recordId: Type.Union([Type.Integer(), Type.Null()], { description: "企业最近一次走访记录的编号；从未走访的企业为 null" }),
  compId: Type.Integer(),
  companyName: Type.String(),
  nextFollowTime: Type.String({ description: "应跟进时间 YYYY-MM-DD HH:mm:ss：走访记录的下次跟进时间，或按规则为最近走访（或上次关闭）后 N 天" }),
  state: Type.Enum([...FOLLOWUP_STATES], { description: "overdue 已逾期，today 今天到期，upcoming 以后到期（按服务器时区的日期）" }),
  source: Type.Enum([...FOLLOWUP_SOURCES], { description: "visit 走访记录的下次跟进时间，rule 企业的“N 天未走访”规则" }),
  ruleDays: Type.Union([Type.Integer(), Type.Null()], { description: "企业的未走访提醒天数（7、15、30），未设置为 null" }),
  researchers: NullableText("最近一次走访的调研人员"),
  lastServiceTime: NullableText("最近一次走访的服务时间 YYYY-MM-DD HH:mm:ss"),
});
export type FollowupRow = Static<typeof FollowupRow>;

export const FollowupPage = PageOf(FollowupRow);

/** GET /api/followups/summary: the counts the header's badge and the page's filters show. */
export const FollowupSummary = Type.Object({
  overdue: Count({ description: "已逾期" }),
  today: Count({ description: "今天到期" }),
  week: Count({ description: "今天起 7 天内到期（含今天）" }),
});
export type FollowupSummary = Static<typeof FollowupSummary>;

export const FollowupCloseBody = Type.Object({
  compId: Id({ description: "企业编号" }),
  recordId: Type.Union([Id(), Type.Null()], { description: "列表所示的走访记录编号（从未走访为 null）；已有新的走访时拒绝" }),
  note: Type.String({ minLength: 1, maxLength: FOLLOWUP_NOTE_MAX, description: `关闭说明，最多 ${FOLLOWUP_NOTE_MAX} 个字符` }),
});
export type FollowupCloseBody = Static<typeof FollowupCloseBody>;

const RuleDays = Type.Union([Type.Literal(FOLLOWUP_RULE_DAYS[0]), Type.Literal(FOLLOWUP_RULE_DAYS[1]), Type.Literal(FOLLOWUP_RULE_DAYS[2]), Type.Null()], { description: "N 天未走访即列入待跟进：7、15 或 30；null 取消" });

export const FollowupRuleBody = Type.Object({ compId: Id({ description: "企业编号" }), days: RuleDays });
export type FollowupRuleBody = Static<typeof FollowupRuleBody>;

export const FollowupRule = Type.Object({ compId: Type.Integer(), days: RuleDays });
export type FollowupRule = Static<typeof FollowupRule>;

export const FollowupRuleParams = IdParams("企业编号");
