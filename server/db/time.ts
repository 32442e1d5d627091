import type { Dialect } from "./database";
import type { DbTime } from "./schema";

/**
 * The one place where instants cross into and out of the database, and where they become the
 * `YYYY-MM-DD HH:mm:ss` text that travels to the app (DESIGN.md "Calls"). The database holds UTC
 * instants: ISO text on SQLite (it has no time type; ISO text sorts chronologically), timestamptz
 * on PostgreSQL.
 */
export function toDbTime(dialect: Dialect, date: Date): DbTime {
  return dialect === "postgres" ? date : date.toISOString();
}

export function fromDbTime(value: DbTime): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`not a stored time: ${String(value)}`);
  return date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The zone's wall clock at the instant, from Intl: exact, and the costly part (a few µs a call). */
function intlWallClock(date: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms (whole seconds), from Intl. */
function intlOffsetAt(epochMs: number, timeZone: string): number {
  const w = intlWallClock(new Date(epochMs), timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
/** Hours whose offset a zone remembers; past that the memory starts again (about 11 years of hours). */
const OFFSET_HOURS_KEPT = 100_000;
/** An hour in which the zone's offset changes: its instants are asked of Intl one by one. */
const CHANGING = Number.NaN;
const offsetsByZone = new Map<string, Map<number, number>>();

/**
 * How far the zone's wall clock is ahead of UTC at that instant, in ms, as Intl says, asked of
 * Intl once per hour of time: an hour whose first and last second have the same offset keeps it
 * throughout (zones change their offset at most once in an hour), and an hour in which it changes
 * is asked second by second. A listed page of dates costs a few map lookups instead of two Intl
 * calls a record.
 */
function offsetAt(epochMs: number, timeZone: string): number {
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) offsetsByZone.set(timeZone, (offsets = new Map()));
  const hour = Math.floor(epochMs / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const first = intlOffsetAt(start, timeZone);
    offset = first === intlOffsetAt(start + HOUR_MS - 1000, timeZone) ? first : CHANGING;
    if (offsets.size >= OFFSET_HOURS_KEPT) offsets.clear();
    offsets.set(hour, offset);
  }
  return Number.isNaN(offset) ? intlOffsetAt(epochMs, timeZone) : offset;
}

function wallClock(date: Date, timeZone: string): WallClock {
  const epochMs = date.getTime();
  if (Number.isNaN(epochMs)) return intlWallClock(date, timeZone);
  // The wall clock read as if it were UTC: its fields are the zone's, to the second.
  const wall = new Date(Math.floor(epochMs / 1000) * 1000 + offsetAt(epochMs, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

const dayOf = (w: WallClock) => `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;

export function formatDate(date: Date, timeZone: string): string {
  return dayOf(wallClock(date, timeZone));
}

export function formatDateTime(date: Date, timeZone: string): string {
  // One look at the zone's clock: it is the costly part of every date a page lists.
  const w = wallClock(date, timeZone);
  return `${dayOf(w)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Reads `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD`, meaning midnight) as a wall-clock time in the
 * zone. Null when the text is not such a date or names a day that does not exist.
 */
export function parseDateTime(text: string, timeZone: string): Date | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((v) => (v === undefined ? undefined : Number(v)));
  if (year === undefined || month === undefined || day === undefined) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const naive = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(naive);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  // The offset depends on the instant we are looking for; a second look settles daylight-saving edges.
  const guess = naive - offsetAt(naive, timeZone);
  return new Date(naive - offsetAt(guess, timeZone));
}
