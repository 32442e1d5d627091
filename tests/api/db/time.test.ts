import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, fromDbTime, parseDateTime, toDbTime } from "../../../server/db/time";

describe("time", () => {
  const instant = new Date("2026-03-01T16:30:05.000Z");

  it("stores ISO text on SQLite and a Date on PostgreSQL, and reads both back", () => {
    expect(toDbTime("sqlite", instant)).toBe("2026-03-01T16:30:05.000Z");
    expect(toDbTime("postgres", instant)).toBe(instant);
    expect(fromDbTime("2026-03-01T16:30:05.000Z")).toEqual(instant);
    expect(fromDbTime(instant)).toEqual(instant);
  });

  it("formats in the platform's time zone", () => {
    expect(formatDateTime(instant, "Asia/Shanghai")).toBe("2026-03-02 00:30:05");
    expect(formatDate(instant, "Asia/Shanghai")).toBe("2026-03-02");
    expect(formatDateTime(instant, "UTC")).toBe("2026-03-01 16:30:05");
  });

  it("parses wall-clock text in the time zone, including daylight-saving zones", () => {
    expect(parseDateTime("2026-03-02 00:30:05", "Asia/Shanghai")).toEqual(instant);
    expect(parseDateTime("2026-03-02", "Asia/Shanghai")).toEqual(new Date("2026-03-01T16:00:00.000Z"));
    expect(parseDateTime("2026-07-01 12:00:00", "Europe/Berlin")).toEqual(new Date("2026-07-01T10:00:00.000Z"));
    expect(parseDateTime("2026-01-01 12:00:00", "Europe/Berlin")).toEqual(new Date("2026-01-01T11:00:00.000Z"));
  });

  it("round-trips", () => {
    const text = "2025-12-31 23:59:59";
    expect(formatDateTime(parseDateTime(text, "Asia/Shanghai")!, "Asia/Shanghai")).toBe(text);
  });

  it.each(["2026-02-30 10:00:00", "2026-13-01", "2026-01-01 24:00:00", "yesterday", ""])("refuses %j", (text) => {
    expect(parseDateTime(text, "Asia/Shanghai")).toBeNull();
  });

  /** The zone's wall clock by Intl, field by field: what formatDateTime computed for every date before issue 13. */
  function byIntl(date: Date, timeZone: string): string {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
        .formatToParts(date)
        .map((p) => [p.type, p.value]),
    );
    return `${parts.year.padStart(4, "0")}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  }

  it.each([
    // Daylight-saving changes, half-hour offsets and daylight saving, a skipped day, the local mean time of 1900 (seconds in the offset).
    ["America/New_York", "2026-03-08T07:00:00Z"],
    ["America/New_York", "2026-11-01T06:00:00Z"],
    ["Europe/Berlin", "2026-03-29T01:00:00Z"],
    ["Australia/Lord_Howe", "2026-04-05T15:00:00Z"],
    ["Asia/Kolkata", "2026-01-01T00:00:00Z"],
    ["America/St_Johns", "2026-03-08T05:30:00Z"],
    ["Pacific/Apia", "2011-12-30T10:00:00Z"],
    ["Asia/Shanghai", "1900-12-31T15:54:17Z"],
    ["Asia/Shanghai", "1991-04-13T18:00:00Z"],
  ])("formats as Intl does around %s's change at %s, to the second", (timeZone, change) => {
    const at = Date.parse(change);
    // Every 7 min 13.25 s for a day either side, and each second of the minutes around the change.
    const instants = [...Array.from({ length: 400 }, (_, i) => at - 86_400_000 + i * 433_250), ...Array.from({ length: 241 }, (_, i) => at - 120_000 + i * 1000 - 1)];
    for (const ms of instants) {
      const date = new Date(ms);
      expect(formatDateTime(date, timeZone), `${date.toISOString()} in ${timeZone}`).toBe(byIntl(date, timeZone));
      expect(formatDate(date, timeZone)).toBe(byIntl(date, timeZone).slice(0, 10));
    }
  });

  it("parses back what it formats across a daylight-saving change", () => {
    for (let ms = Date.parse("2026-10-24T00:00:00Z"); ms < Date.parse("2026-10-27T00:00:00Z"); ms += 900_000) {
      const text = formatDateTime(new Date(ms), "Europe/Berlin");
      const parsed = parseDateTime(text, "Europe/Berlin")!;
      // The hour that happens twice is read as its first time.
      expect(formatDateTime(parsed, "Europe/Berlin")).toBe(text);
    }
  });
});

