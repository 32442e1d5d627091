/* 服务统计 (issue 11): what the statistics page and the server agree on besides the wire shapes (schemas/statistics.ts). */

export type { Statistics, StatisticsBody, StatisticsRow, StatisticsTotals } from "./schemas/statistics";

export const STATISTICS_GROUP_BYS = ["month", "researcher", "evaluation", "segment", "district"] as const;
export type StatisticsGroupBy = (typeof STATISTICS_GROUP_BYS)[number];

export const STATISTICS_REPORT_FORMATS = ["xlsx", "docx"] as const;
export type StatisticsReportFormat = (typeof STATISTICS_REPORT_FORMATS)[number];

/** The longest period a statistic or report covers: 5 years (`to` before `from` plus 5 years). */
export const STATISTICS_MAX_YEARS = 5;


const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day `text` names (YYYY-MM-DD), as a UTC midnight; null if there is no such day. */
export function calendarDay(text: string): Date | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

const dayText = (date: Date) => date.toISOString().slice(0, 10);

/** Why a period is refused, or null: both days real, `from` not after `to`, at most STATISTICS_MAX_YEARS long. */
export function periodProblem(from: string, to: string): "badDate" | "reversed" | "tooLong" | null {
  const start = calendarDay(from);
  const end = calendarDay(to);
  if (!start || !end) return "badDate";
  if (end < start) return "reversed";
  const limit = new Date(start);
  limit.setUTCFullYear(limit.getUTCFullYear() + STATISTICS_MAX_YEARS);
  return end >= limit ? "tooLong" : null;
}

/** The months (YYYY-MM) a period touches, in order. */
export function periodMonths(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** The first and last day of a month (YYYY-MM) within a period: the drill-down's service-time range. */
export function monthWithin(month: string, from: string, to: string): { begin: string; end: string } {
  const first = `${month}-01`;
  const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));
  const last = dayText(new Date(next.getTime() - 86_400_000));
  return { begin: first < from ? from : first, end: last > to ? to : last };
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const date = calendarDay(day);
  if (!date) throw new Error(`not a day: ${day}`);
  return dayText(new Date(date.getTime() + 86_400_000));
}
